import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTheme } from '@aws-amplify/ui-react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** `--name: value` pairs of CSS text, quotes and spaces normalised. */
function declarations(css: string): Map<string, string> {
  const norm = (v: string) => v.replace(/'/g, '"').replace(/\s+/g, ' ').trim();
  return new Map([...css.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, norm(value!)]));
}

describe('the theme as static CSS (src/theme.css)', () => {
  it("holds exactly the variables the console's theme changes, with the theme's values", () => {
    const file = readFileSync(resolve(__dirname, '../theme.css'), 'utf8');
    expect(file).toContain(`[data-amplify-theme='${theme.name}']`);
    const ours = declarations(file);
    // What the ThemeProvider would inject, less what the kit's styles.css already sets.
    const themed = declarations(createTheme(theme).cssText);
    const defaults = declarations(createTheme({ name: theme.name }).cssText);
    const changed = new Map([...themed].filter(([name, value]) => defaults.get(name) !== value));
    expect(ours).toEqual(changed);
  });
});
