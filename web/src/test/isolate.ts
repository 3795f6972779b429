/**
 * The per-file isolation of `isolate: false` (vite.config.ts): the first setup file, run before each test file.
 *
 * A worker runs many test files, one after another, each in a new jsdom (vitest sets one up per file). Instead of a
 * new worker thread per file (which imports jsdom, React, Amplify... again, seconds per file), this gives each file
 * what a new worker would: every module of the app (and the Testing Library, which binds `screen` to the document
 * of its first import) evaluated afresh, with the file's own mocks, real timers and no global left stubbed by
 * the file before. Only libraries loaded by Node itself (React, Amplify, recharts...) are shared, as loaded.
 */
import { mocks } from '@vitest/spy';
import { vi } from 'vitest';

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.resetModules();
// vitest restores the spies of a file after it, but keeps every spy of the worker in @vitest/spy's registry, so
// each later `vi.restoreAllMocks()` (any file's) restored them again: a spy on `window.matchMedia` put the first
// file's fake phone width back in later files, which then rendered the phone layout (failures that came and went
// with the order of the files). A new worker starts with none.
mocks.clear();
// jsdom has no matchMedia: a fake width (test/media-query-fake.ts) a file forgot to take away stops here too.
delete (globalThis as { matchMedia?: unknown }).matchMedia;
