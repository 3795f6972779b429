import { describe, expect, it } from 'vitest';
import { currentMainScriptSrc, extractMainScriptSrc, isNewVersionAvailable } from './stale-version';

const built = (hash: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Fleet Console</title>
    <script type="module" crossorigin src="/assets/index-${hash}.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-${hash}.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('extractMainScriptSrc', () => {
  it('finds the module script of a production build', () => {
    expect(extractMainScriptSrc(built('abc123'))).toBe('/assets/index-abc123.js');
  });

  it('accepts any attribute order and quoting', () => {
    expect(extractMainScriptSrc(`<script src='/a.js' type=module></script>`)).toBe('/a.js');
    expect(extractMainScriptSrc(`<SCRIPT crossorigin SRC="/b.js" TYPE="module"></SCRIPT>`)).toBe('/b.js');
  });

  it('skips classic scripts, inline modules and the Vite dev client', () => {
    const html = `
      <script src="/legacy.js"></script>
      <script type="module">import x from './x.js'</script>
      <script type="module" src="/@vite/client"></script>
      <script type="module" src="/src/main.tsx"></script>`;
    expect(extractMainScriptSrc(html)).toBe('/src/main.tsx');
  });

  it('returns null when there is none', () => {
    expect(extractMainScriptSrc('<html><body>maintenance</body></html>')).toBeNull();
  });
});

describe('isNewVersionAvailable', () => {
  it('is false for the same build', () => {
    expect(isNewVersionAvailable('/assets/index-abc123.js', built('abc123'))).toBe(false);
  });
  it('is true when the published page names another script', () => {
    expect(isNewVersionAvailable('/assets/index-abc123.js', built('def456'))).toBe(true);
  });
  it('is false when either side is unknown', () => {
    expect(isNewVersionAvailable(null, built('def456'))).toBe(false);
    expect(isNewVersionAvailable('/assets/index-abc123.js', 'Bad gateway')).toBe(false);
  });
});

describe('currentMainScriptSrc', () => {
  it('reads the attribute value of the running document', () => {
    const doc = new DOMParser().parseFromString(built('abc123'), 'text/html');
    expect(currentMainScriptSrc(doc)).toBe('/assets/index-abc123.js');
  });
});
