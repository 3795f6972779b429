/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** infra/security-headers.json: the one list of the app's security headers (CloudFront sends the same on AWS). */
interface SecurityHeaders {
  headers: Record<string, string>;
  contentSecurityPolicy: Record<string, string[]>;
  placeholders: Record<string, string>;
}

/**
 * The headers of infra/security-headers.json, each `{placeholder}` of the CSP replaced by its source in `sources`.
 * A placeholder without one is left out (the stricter policy), never sent as it is.
 */
export function securityHeaders(sources: Record<string, string>): Record<string, string> {
  const spec = JSON.parse(
    readFileSync(new URL('../infra/security-headers.json', import.meta.url), 'utf8'),
  ) as SecurityHeaders;
  const csp = Object.entries(spec.contentSecurityPolicy)
    .map(([directive, list]) =>
      // Locally one server may stand for two placeholders (the emulator: Cognito and S3): each source once.
      [
        directive,
        ...new Set(list.flatMap((s) => (s in spec.placeholders ? (sources[s] ? [sources[s]] : []) : [s]))),
      ].join(' '),
    )
    .join('; ');
  return { ...spec.headers, 'Content-Security-Policy': csp };
}

/**
 * The local endpoints behind the placeholders, from the config.json served with the app (the local stack copies it
 * into the outDir before `vite preview` starts). Presigned S3 URLs point at the emulator the local API presigns
 * against (AWS_ENDPOINT_URL, exported by scripts/lib.sh from stack.env), which is also the Cognito endpoint. A
 * config.json of a deployed stack (no userPoolEndpoint) gets the AWS endpoints of its region.
 */
function localSources(outDir: string): Record<string, string> {
  const file = resolve(outDir, 'config.json');
  if (!existsSync(file)) {
    console.warn(`security headers: no ${file}; the CSP allows no API, Cognito or S3 endpoint`);
    return {};
  }
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string | undefined>;
  const origin = (url: string | undefined) => (url ? new URL(url).origin : '');
  const region = config.region ?? 'us-east-1';
  const emulator = origin(process.env.AWS_ENDPOINT_URL) || origin(config.userPoolEndpoint);
  return {
    '{api}': origin(config.restUrl),
    '{graphql}': origin(config.graphqlUrl),
    // aws-amplify always uses wss:// for subscriptions, on the GraphQL URL's host and port.
    '{realtime}': config.graphqlUrl ? `wss://${new URL(config.graphqlUrl).host}` : '',
    '{cognito}': origin(config.userPoolEndpoint) || `https://cognito-idp.${region}.amazonaws.com`,
    '{s3}': emulator || `https://*.s3.${region}.amazonaws.com`,
    '{images}': emulator || `https://*.s3.${region}.amazonaws.com`,
  };
}

/** The ESM build of a Testing Library package (their `main` is CommonJS, whose require()s vitest cannot re-evaluate). */
function testingLibraryEsm(name: 'dom' | 'react'): string {
  return fileURLToPath(
    new URL(`./node_modules/@testing-library/${name}/dist/@testing-library/${name}.esm.js`, import.meta.url),
  );
}

/** The test files that ask for the node environment, found as vitest finds a file's `@vitest-environment`. */
function nodeEnvironmentTests(): string[] {
  return readdirSync(new URL('./src', import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `src/${f}`)
    .filter(
      (f) =>
        readFileSync(new URL(`./${f}`, import.meta.url), 'utf8').match(
          /@(?:vitest|jest)-environment\s+([\w-]+)\b/,
        )?.[1] === 'node',
    );
}

/** `vite preview` sends the security headers of infra/security-headers.json, as CloudFront does on AWS. */
function previewSecurityHeaders(): Plugin {
  return {
    name: 'fleet-preview-security-headers',
    config(config) {
      const outDir = resolve(config.root ?? process.cwd(), config.build?.outDir ?? 'dist');
      return { preview: { headers: securityHeaders(localSources(outDir)) } };
    },
  };
}

/**
 * The JavaScript files of the chunks holding `sources` (paths under src/), with every chunk they import statically:
 * what loading those modules fetches beyond the page's entry (loaded anyway).
 */
function chunkFiles(bundle: OutputBundle, sources: string[]): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const files = new Set<string>();
  const add = (file: string) => {
    if (files.has(file) || chunks.find((c) => c.fileName === file)?.isEntry) return;
    files.add(file);
    for (const imported of chunks.find((c) => c.fileName === file)?.imports ?? []) add(imported);
  };
  for (const source of sources) {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/src/${source}`)));
    if (!chunk) throw new Error(`no chunk holds src/${source}`);
    add(chunk.fileName);
  }
  return [...files].sort();
}

/**
 * Each route of src/app/router.tsx and the module of its screen, read from the router's source: `const Name =
 * screen(() => import('@/features/…'))` and `page('/path', Name`. A path ending in `/*` stands for the paths below it.
 */
export function screenModules(routerSource: string): Record<string, string> {
  const modules = new Map<string, string>();
  for (const [, name, module] of routerSource.matchAll(/const (\w+) = screen\(\(\) => import\('@\/([^']+)'\)\)/g)) {
    modules.set(name, `${module}.tsx`);
  }
  const routes: Record<string, string> = {};
  for (const [, path, name] of routerSource.matchAll(/\bpage\('([^']+)', (\w+)/g)) {
    const module = modules.get(name);
    if (!module) throw new Error(`router.tsx: ${path} names ${name}, which is not a screen()`);
    if (path !== '*') routes[path] = module;
  }
  return routes;
}

/**
 * Puts the signed-in app's chunks in index.html as modulepreload links inside an inert <template>, which
 * public/returning.js activates for a returning user only (issue 42): their first screen's modules arrive with
 * the page instead of after /config.json, App and the signed-in app, one after another. With them, each route's
 * own chunks (issue 63), as JSON: returning.js preloads those of the page's path too, so the screen's code no
 * longer waits for the app to start and match the route (~300 ms of every first screen).
 */
function returningUserPreloads(): Plugin {
  return {
    name: 'fleet-returning-user-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const app = chunkFiles(ctx.bundle, ['app/App.tsx', 'app/SignedInApp.tsx']);
        const links = app
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" data-returning>`)
          .join('');
        // Each route's files beyond the app's, as indices into one list: the page carries each name once.
        const files: string[] = [];
        const routes: Record<string, number[]> = {};
        const routerSource = readFileSync(new URL('./src/app/router.tsx', import.meta.url), 'utf8');
        for (const [path, module] of Object.entries(screenModules(routerSource))) {
          routes[path] = chunkFiles(ctx.bundle, [module])
            .filter((file) => !app.includes(file))
            .map((file) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1));
        }
        return [
          { tag: 'template', attrs: { id: 'fleet-returning' }, children: links, injectTo: 'head' },
          // Data, not a script: the CSP runs none inline, and a JSON block is never run.
          {
            tag: 'script',
            attrs: { id: 'fleet-screens', type: 'application/json' },
            children: JSON.stringify({ files, routes }),
            injectTo: 'head',
          },
          // After the template, which it reads; async: it holds up neither the parse nor the app's own script.
          { tag: 'script', attrs: { src: '/returning.js', async: true }, injectTo: 'head' },
        ];
      },
    },
  };
}

// Read once: both test projects below use it (each test file is read to find its environment).
const NODE_ENVIRONMENT_TESTS = nodeEnvironmentTests();

export default defineConfig(({ isPreview }) => ({
  // Only the preview (the built app, as deployed): the dev server's inline React refresh preamble breaks a strict CSP.
  plugins: [
    react(),
    returningUserPreloads(),
    ...(isPreview ? [previewSecurityHeaders()] : []),
    // scripts/bench/web-bundle.mjs --modules: which modules each chunk holds, with their gzip size.
    ...(process.env.FLEET_BUNDLE_REPORT
      ? [visualizer({ filename: process.env.FLEET_BUNDLE_REPORT, template: 'raw-data', gzipSize: true })]
      : []),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: {
    // aws-amplify + the Amplify UI library are large; routes are split lazily.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Rollup splits every module two lazy routes share into a chunk of its own: the dashboard's route loaded ~30
        // chunks of 1-2 kB each, which queue behind a browser's six connections to an HTTP/1.1 host (up to 200 ms to
        // their first byte). Chunks under 10 kB are merged into a chunk that imports them, where the result loads
        // nothing it would not have loaded anyway (Rollup's check).
        experimentalMinChunkSize: 10_000,
      },
    },
  },
  test: {
    environment: 'jsdom',
    // One worker runs many files, one after another: a new thread per file, which imports jsdom, React, Amplify...
    // again, made the suite about four times as long on two cores (measured: 360 s against 85 s). src/test/isolate.ts,
    // the first setup file, still gives each file fresh modules of the app, its own mocks, real timers and unstubbed
    // globals, and vitest gives it a new jsdom. The Testing Library binds `screen` to the document it first sees: its
    // ESM builds (one @testing-library/dom, also for user-event) go through vitest (inline) and so are evaluated
    // afresh for each file, as the app is.
    isolate: false,
    setupFiles: ['src/test/isolate.ts', 'src/test/setup.ts'],
    server: { deps: { inline: [/\/node_modules\/@testing-library\/(dom|react|user-event)\//] } },
    alias: [
      { find: /^@testing-library\/dom$/, replacement: testingLibraryEsm('dom') },
      { find: /^@testing-library\/react$/, replacement: testingLibraryEsm('react') },
    ],
    css: false,
    restoreMocks: true,
    // Worker threads, one per core: the default forks one process per core less
    // one, which leaves a 2-core machine half idle (measured: 423 s with forks,
    // 277 s with two threads).
    pool: 'threads',
    // Behaviour, not speed: a long-day screen in jsdom on a busy machine may take more than the default 5 s.
    testTimeout: 20_000,
    maxWorkers: Math.max(2, availableParallelism()),
    minWorkers: 1,
    // Without isolation, vitest runs the files of another environment only after all the others, one group after
    // the other: the node ones (a few seconds of code generation) are a project of their own in forks instead,
    // which run alongside the jsdom ones in threads.
    projects: [
      {
        extends: true,
        test: {
          name: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: NODE_ENVIRONMENT_TESTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: NODE_ENVIRONMENT_TESTS,
          environment: 'node',
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
}));
