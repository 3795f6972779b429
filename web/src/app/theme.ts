import type { Theme } from '@aws-amplify/ui-react';

/** The kit link colour, also `--fc-link` in styles.css: at least 4.5:1 on every light background. */
export const LINK_COLOR = '#036c81';
/** Hover colour of links, also `--fc-link-hover` in styles.css. */
export const LINK_HOVER_COLOR = '#014a59';

/** The Amplify theme's name: the signed-in app and the sign-in page wrap their content in it. */
export const THEME_NAME = 'fleet-console';

/**
 * The console's Amplify theme: what it changes of Amplify's default. The app applies it as static CSS
 * (src/theme.css, checked against this by app/theme-css.test.ts), not through ThemeProvider, whose
 * createTheme built and injected 126 kB of CSS variables on every page load (issue 63).
 */
export const theme = {
  name: THEME_NAME,
  tokens: {
    colors: {
      font: {
        // Amplify's default (teal 80) is 4.47:1 on the page background: links, link buttons and
        // tabs use the kit link colour instead.
        interactive: { value: LINK_COLOR },
        hover: { value: LINK_HOVER_COLOR },
      },
    },
    fonts: {
      default: {
        variable: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        static: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
  },
} satisfies Theme;
