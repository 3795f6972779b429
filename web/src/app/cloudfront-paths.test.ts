// @vitest-environment node
/**
 * The distribution's viewer-request function (infra/web-app-paths.js, in template.yaml):
 * run as CloudFront runs it, a handler of an event, against the app's own routes and
 * the files a build writes.
 */
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

interface CloudFrontRequest {
  uri: string;
  method: string;
}
type Handler = (event: { request: CloudFrontRequest }) => CloudFrontRequest;

const source = await readFile(new URL('../../../infra/web-app-paths.js', import.meta.url), 'utf8');
// The file is a CloudFront Functions script (no modules): its handler and FILES, evaluated as the runtime would.
const { handler, files } = new Function(`${source}\nreturn { handler, files: FILES };`)() as {
  handler: Handler;
  files: string[];
};

const served = (uri: string) => handler({ request: { uri, method: 'GET' } }).uri;

/** The route table's paths with their `*` filled, as a user would type them. */
function routePaths(): string[] {
  const paths: string[] = [];
  const walk = (list: typeof routes) => {
    for (const route of list) {
      if (route.path) paths.push(route.path === '*' ? '/no/such/screen' : route.path.replace('*', 'LOC.001/x'));
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return paths;
}

describe('the web app paths on CloudFront', () => {
  it('asks the bucket for index.html on every client-side route, dotted ids and unknown paths too', () => {
    const paths = routePaths();
    expect(paths.length).toBeGreaterThan(30);
    for (const path of [...paths, '/locations/detail/ACME.1', '/locations/detail/a%20b', '/x.json/y']) {
      expect(served(path), path).toBe('/index.html');
    }
  });

  it('serves the files a build writes as they are', async () => {
    for (const uri of ['/assets/index-abc123.js', '/assets/StockingDashboard-9f.css', '/index.html']) {
      expect(served(uri), uri).toBe(uri);
    }
  });

  it('lists every file of web/public, index.html and the config.json a publish adds', async () => {
    const publicFiles = (await readdir(new URL('../../public', import.meta.url))).map((f) => `/${f}`);
    expect([...files].sort()).toEqual([...new Set([...publicFiles, '/index.html', '/config.json'])].sort());
    for (const uri of files) expect(served(uri), uri).toBe(uri);
  });

  it('does not serve a file beside the list as itself', () => {
    expect(served('/template.yaml')).toBe('/index.html');
    expect(served('/assets')).toBe('/index.html');
  });
});
