import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const focusCss = readFileSync(resolve(__dirname, 'focus.css'), 'utf8');
const stylesCss = readFileSync(resolve(__dirname, 'styles.css'), 'utf8');
const mainTsx = readFileSync(resolve(__dirname, 'main.tsx'), 'utf8');

function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
const cssVar = (css: string, name: string) => new RegExp(`${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];

/** The selectors of every rule that draws the ring. */
function ringSelectors(): string[] {
  const out: string[] = [];
  const css = focusCss.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (/outline:\s*var\(--fc-focus-ring\)/.test(m[2])) out.push(...m[1].split(',').map((s) => s.trim()));
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sourceFiles(path);
    return /\.(css|tsx?)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the focus ring', () => {
  it('is loaded by the app, after styles.css', () => {
    const styles = mainTsx.indexOf("import './styles.css'");
    const focus = mainTsx.indexOf("import './focus.css'");
    expect(styles).toBeGreaterThan(-1);
    expect(focus).toBeGreaterThan(styles);
  });

  it('is a 2px solid outline with at least 3:1 against white, the page and the navigation', () => {
    expect(focusCss).toMatch(/--fc-focus-ring:\s*2px solid var\(--fc-focus\)/);
    const ring = cssVar(focusCss, '--fc-focus')!;
    const backgrounds = ['#ffffff', cssVar(stylesCss, '--fc-page-bg')!, cssVar(stylesCss, '--fc-header-bg')!];
    for (const bg of backgrounds) expect(contrast(ring, bg), `ring on ${bg}`).toBeGreaterThanOrEqual(3);
  });

  it('covers links, buttons, fields, [tabindex], Amplify buttons and menu items on :focus-visible', () => {
    const selectors = ringSelectors();
    for (const s of [
      'a:focus-visible',
      'button:focus-visible',
      'input:focus-visible',
      'select:focus-visible',
      'textarea:focus-visible',
      '[tabindex]:focus-visible',
      '.amplify-button:focus-visible',
      '.amplify-button--menu:focus-visible',
      '.amplify-menu-content__item:focus-visible',
      "[role='menuitem']:focus-visible",
    ]) {
      expect(selectors, s).toContain(s);
    }
  });

  it('is never taken away: no source removes an outline, and inline resets get the ring back', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(__dirname)) {
      if (/outline\s*:\s*['"]?(none|0)\b/.test(readFileSync(file, 'utf8'))) offenders.push(file);
    }
    expect(offenders).toEqual([]);
    // Inline `all: unset` (the sort buttons of DataTable) beats the stylesheet, except with !important.
    expect(focusCss).toMatch(/\[style\*='unset'\]:focus-visible \{\s*outline: var\(--fc-focus-ring\) !important;/);
  });
});
