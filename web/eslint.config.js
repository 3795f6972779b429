// ESLint 9 flat config: the recommended JS and TypeScript rules, the rules of
// hooks, and the browser/node globals. Formatting is Prettier's job.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Features do not import from each other (bulletproof-react): what two features
// share lives in src/lib (logic, hooks, api helpers) or src/components (UI), and
// only the app (src/app: router, shell) composes features. A file in
// src/features/X may import src/features/X only, by alias or relative path; the
// relative check needs the file's depth, so there is one block per feature and depth.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const MAX_DEPTH = 6;
const CROSS_FEATURE = 'Features do not import from each other: move what they share to src/lib or src/components.';
const featureBoundaries = FEATURES.flatMap((feature) =>
  Array.from({ length: MAX_DEPTH }, (_, depth) => ({
    files: [`src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // @/features/<other>...
            { regex: `^@/features/(?!${feature}(/|$))`, message: CROSS_FEATURE },
            // ../ (as many as the file is deep) lands in src/features: <other>...
            { regex: `^(\\.\\./){${depth + 1}}(?!${feature}(/|$))[^./]`, message: CROSS_FEATURE },
            // one more ../ lands in src: features/<other>...
            { regex: `^(\\.\\./){${depth + 2}}features/(?!${feature}(/|$))`, message: CROSS_FEATURE },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/generated'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A leading underscore marks a binding kept on purpose (a typed mock's
      // argument, a field dropped from a rest copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  ...featureBoundaries,
  {
    // No double cast: `x as unknown as T` claims any type for any value and hides the mismatch the compiler
    // found. Product code reads a value by its typed key (keyof the type), narrows it, or types the call that
    // returns it (graphql(), rest(), fetchSnapshot() return their answer types). src/generated is ignored above.
    files: ['src/**/*.{ts,tsx}'],
    // Tests and their helpers (src/test) are exempt: a test hands a function a partial fixture of a large
    // generated answer, or stands in for a browser API jsdom lacks (matchMedia, ResizeObserver), and a cast
    // there is the point of the fixture, not a hole in the product's typing.
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // `x as unknown as T`, `(x as any) as T`, and the same with `<T>x` assertions.
          selector:
            ':matches(TSAsExpression, TSTypeAssertion) > ' +
            ':matches(TSAsExpression, TSTypeAssertion)[typeAnnotation.type=/^TS(Unknown|Any)Keyword$/]',
          message: 'No `as unknown as` casts: read the value by a typed key, narrow it, or type its source.',
        },
        {
          // A locale or options argument makes a new ICU collator on every comparison: a sort of 25,000 ids took
          // 1.6-1.9 s. src/lib/collate.ts makes each collator once.
          selector: 'CallExpression[callee.property.name="localeCompare"][arguments.length>1]',
          message: 'Sort with the collators of src/lib/collate.ts, not localeCompare with a locale or options.',
        },
      ],
    },
  },
  {
    // The shared layer never depends on a feature.
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features', '@/features/**', '**/features/**'], message: CROSS_FEATURE }] },
      ],
    },
  },
  {
    // Tooling and the browser end-to-end tests run under node; the end-to-end
    // tests also hand functions to the page (page.evaluate), which run in the browser.
    files: ['**/*.{js,mjs,cjs}', 'vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
