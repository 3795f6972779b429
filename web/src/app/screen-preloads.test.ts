// @vitest-environment node
/**
 * The first screen's modules and /config.json, asked for while the page parses (issue 63): the build's route list
 * (vite.config.ts `screenModules`) against the router, and public/returning.js run as the browser runs it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { screenModules } from '../../vite.config';
import { routes } from './router';

const routerSource = await readFile(new URL('./router.tsx', import.meta.url), 'utf8');
const returningSource = await readFile(new URL('../../public/returning.js', import.meta.url), 'utf8');

/** The router's paths that load a screen's code ahead (router.tsx `page`). */
function preloadedPaths(list: RouteObject[] = routes): string[] {
  return list.flatMap((route) => [
    ...(route.path &&
    route.path !== '*' &&
    (route.handle as { preload?: { code?: unknown } } | undefined)?.preload?.code
      ? [route.path]
      : []),
    ...preloadedPaths(route.children ?? []),
  ]);
}

describe("the build's list of each route's screen", () => {
  it('names every screen route of the router, each with a module that exists', () => {
    const modules = screenModules(routerSource);
    expect(Object.keys(modules).sort()).toEqual(preloadedPaths().sort());
    for (const module of Object.values(modules)) {
      expect(existsSync(new URL(`../${module}`, import.meta.url)), module).toBe(true);
    }
    expect(modules['/reports/checkpoints']).toBe('features/stocking/routes/StockingDashboard.tsx');
    expect(modules['/locations/detail/*']).toBe('features/locations/routes/LocationDetail.tsx');
  });

  it('refuses a page() naming something that is not a screen', () => {
    expect(() => screenModules("page('/x', Nothing)")).toThrow(/Nothing/);
  });
});

/** Runs returning.js at `pathname`, with or without a stored session; answers the hrefs it preloads. */
function runReturning(pathname: string, { stored = true } = {}) {
  const added: { href: string }[] = [];
  const screens = {
    files: ['assets/detail.js', 'assets/shared.js', 'assets/dashboard.js', 'assets/home.js'],
    routes: {
      '/home': [3],
      '/locations/detail': [0, 1],
      '/locations/detail/*': [0, 1],
      '/reports/checkpoints': [2, 1],
    },
  };
  const appLinks = [{ href: '/assets/app.js' }];
  const document = {
    getElementById: (id: string) =>
      id === 'fleet-returning'
        ? { content: { cloneNode: () => ({ app: appLinks }) } }
        : { textContent: JSON.stringify(screens) },
    head: {
      appendChild: (node: { app?: { href: string }[]; href?: string }) => {
        if (node.app) added.push(...node.app);
        else added.push({ href: node.href! });
      },
    },
    createElement: () => ({ setAttribute: () => undefined }) as unknown as { href: string },
  };
  const localStorage = stored ? { 'CognitoIdentityServiceProvider.client.LastAuthUser': 'sub' } : {};
  const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
  const window: { fleetConfigRequest?: Promise<Response> } = {};
  new Function('document', 'window', 'location', 'fetch', 'localStorage', returningSource)(
    document,
    window,
    { pathname },
    fetch,
    localStorage,
  );
  return { hrefs: added.map((l) => l.href), fetch, window };
}

describe('public/returning.js', () => {
  it("preloads a returning user's app and the screen at the page's path", () => {
    expect(runReturning('/reports/checkpoints').hrefs).toEqual([
      '/assets/app.js',
      '/assets/dashboard.js',
      '/assets/shared.js',
    ]);
  });

  it('matches as the router does: a path below a `/*` route, any case, a trailing slash', () => {
    expect(runReturning('/locations/detail/x/LOC.001').hrefs).toEqual([
      '/assets/app.js',
      '/assets/detail.js',
      '/assets/shared.js',
    ]);
    expect(runReturning('/Reports/Checkpoints/').hrefs).toContain('/assets/dashboard.js');
    expect(runReturning('/no/such/screen').hrefs).toEqual(['/assets/app.js']);
  });

  it('preloads nothing for someone not signed in, and asks for /config.json for everyone', () => {
    const newcomer = runReturning('/home', { stored: false });
    expect(newcomer.hrefs).toEqual([]);
    expect(newcomer.fetch).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
    expect(newcomer.window.fleetConfigRequest).toBeInstanceOf(Promise);
  });
});

describe('loadConfig', () => {
  it("takes returning.js's request once, then asks itself", async () => {
    const { loadConfig } = await import('@/config');
    const config = {
      region: 'us-east-1',
      userPoolId: 'us-east-1_pool',
      userPoolClientId: 'client',
      graphqlUrl: 'https://api.example/graphql',
      restUrl: 'https://api.example/prod',
    };
    const own = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ...config, region: 'eu-west-1' }))));
    vi.stubGlobal('fetch', own);
    const early = globalThis as { fleetConfigRequest?: Promise<Response> };
    early.fleetConfigRequest = Promise.resolve(new Response(JSON.stringify(config)));
    expect((await loadConfig()).region).toBe('us-east-1');
    expect(own).not.toHaveBeenCalled();
    expect(early.fleetConfigRequest).toBeUndefined();
    expect((await loadConfig()).region).toBe('eu-west-1');
    expect(own).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
