/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  plugins: [react()],
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
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
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
  },
});
