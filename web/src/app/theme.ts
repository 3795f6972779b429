import { createTheme } from '@aws-amplify/ui-react';

/** The kit link colour, also `--fc-link` in styles.css: at least 4.5:1 on every light background. */
export const LINK_COLOR = '#036c81';
/** Hover colour of links, also `--fc-link-hover` in styles.css. */
export const LINK_HOVER_COLOR = '#014a59';

export const theme = createTheme({
  name: 'fleet-console',
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
});
