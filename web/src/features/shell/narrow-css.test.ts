import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NARROW_NAV_QUERY } from './useMediaQuery';

/** styles.css without comments, as `selector { declarations }` pairs (media blocks flattened). */
const css = readFileSync(resolve(__dirname, '../../styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const rules = [...css.matchAll(/([^{}@]+)\{([^{}]*)\}/g)].map((m) => ({
  selectors: m[1].split(',').map((s) => s.trim()),
  body: m[2],
}));

/** The declarations of every rule naming `selector`, joined. */
const declarationsOf = (selector: string) =>
  rules
    .filter((r) => r.selectors.includes(selector))
    .map((r) => r.body)
    .join(';');

describe('styles.css on narrow screens (no screen scrolls sideways at 390 px)', () => {
  it('sizes every box with its border and padding', () => {
    for (const s of ['*', '*::before', '*::after']) expect(declarationsOf(s)).toMatch(/box-sizing:\s*border-box/);
  });

  it('keeps media and form fields within their container', () => {
    for (const s of ['img', 'video', 'canvas', 'input', 'select', 'textarea', '.amplify-field']) {
      expect(declarationsOf(s), s).toMatch(/max-width:\s*100%/);
    }
  });

  it('wraps long words in table cells and values, but not in the kit table, which scrolls', () => {
    for (const s of ['td', 'th', 'dd']) expect(declarationsOf(s), s).toMatch(/overflow-wrap:\s*anywhere/);
    expect(declarationsOf('.data-table td')).toMatch(/overflow-wrap:\s*break-word/);
  });

  it("wraps Amplify's headings and cells too, whose reset outranks element selectors", () => {
    for (const s of ['.amplify-heading', '.amplify-table__td', '.amplify-table__th']) {
      expect(declarationsOf(s), s).toMatch(/overflow-wrap:\s*anywhere/);
    }
  });

  it("keeps the kit table's sticky first column to a third of a phone's width", () => {
    const first = declarationsOf('.data-table > tbody > tr > td:first-child');
    expect(first).toMatch(/max-width:\s*33vw/);
    expect(first).toMatch(/white-space:\s*normal/);
    expect(css).toMatch(/@media \(max-width: 599px\)\s*\{\s*\.data-table > thead > tr > th:first-child/);
  });

  it('lets rows of buttons wrap, and the main column shrink', () => {
    expect(declarationsOf('.amplify-flex:has(> .amplify-button)')).toMatch(/flex-wrap:\s*wrap/);
    expect(declarationsOf('.app-main')).toMatch(/min-width:\s*0/);
  });

  it('shows the narrow navigation panel only when open, scrolling within the screen', () => {
    expect(NARROW_NAV_QUERY).toBe('(max-width: 899.98px)');
    expect(declarationsOf('.navbar-panel[hidden]')).toMatch(/display:\s*none/);
    expect(declarationsOf('.navbar-panel')).toMatch(/overflow-y:\s*auto/);
    expect(declarationsOf('.navbar-narrow .user-menu-email')).toMatch(/text-overflow:\s*ellipsis/);
  });
});
