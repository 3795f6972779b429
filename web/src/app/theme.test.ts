import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LINK_COLOR, LINK_HOVER_COLOR, theme } from './theme';

const css = readFileSync(resolve(__dirname, '../styles.css'), 'utf8');

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
const cssVar = (name: string) => new RegExp(`${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];

describe('the kit link style', () => {
  it('has at least 4.5:1 against every light background links sit on', () => {
    // White panels, the page, table headers/stripes, and Amplify's light alert/badge tints.
    const backgrounds = ['#ffffff', cssVar('--fc-page-bg')!, '#f5f5f5', '#e8f4fd', '#edf7ed', '#fff4e5', '#fdecea'];
    for (const bg of backgrounds) {
      expect(contrast(LINK_COLOR, bg), `link on ${bg}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(LINK_HOVER_COLOR, bg), `hover on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
    // Amplify's default teal, which this replaces, fails on the page background.
    expect(contrast('#047d95', cssVar('--fc-page-bg')!)).toBeLessThan(4.5);
  });

  it('is one colour: styles.css, the global link rule and the Amplify theme agree', () => {
    expect(cssVar('--fc-link')).toBe(LINK_COLOR);
    expect(cssVar('--fc-link-hover')).toBe(LINK_HOVER_COLOR);
    expect(css).toMatch(/\na,\n\.amplify-link \{\n\s+color: var\(--fc-link\);/);
    expect(theme.tokens.colors.font.interactive.value).toBe(LINK_COLOR);
  });
});
