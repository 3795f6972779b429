/**
 * Stale-version detection (spec 1-locations §9): the console fetches its own page and
 * compares the main module script with the one it is running.
 */

export const STALE_VERSION_INTERVAL_MS = 300_000;
export const STALE_VERSION_MESSAGE = 'You are on an old version of the software. Please refresh the page.';

/** Module scripts injected by the Vite dev server are not the app's entry point. */
const isDevClient = (src: string) => src.startsWith('/@vite/') || src.startsWith('/@react-refresh');

const SCRIPT_TAG = /<script\b([^>]*)>/gi;

function attr(attrs: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attrs);
  if (!m) return null;
  return m[1] ?? m[2] ?? m[3] ?? '';
}

/** The `src` of the main `<script type="module" src="...">` of an HTML page, or null. */
export function extractMainScriptSrc(html: string): string | null {
  for (const match of html.matchAll(SCRIPT_TAG)) {
    const attrs = match[1];
    if ((attr(attrs, 'type') ?? '').toLowerCase() !== 'module') continue;
    const src = attr(attrs, 'src');
    if (src && !isDevClient(src)) return src;
  }
  return null;
}

/** The main module script of the running document (attribute value, not the resolved URL). */
export function currentMainScriptSrc(doc: Document = document): string | null {
  const scripts = Array.from(doc.querySelectorAll('script[type="module"][src]'));
  for (const s of scripts) {
    const src = s.getAttribute('src');
    if (src && !isDevClient(src)) return src;
  }
  return null;
}

/** True when the fetched page names a different main script than the running one. */
export function isNewVersionAvailable(currentSrc: string | null, fetchedHtml: string): boolean {
  const latest = extractMainScriptSrc(fetchedHtml);
  return currentSrc !== null && latest !== null && latest !== currentSrc;
}
