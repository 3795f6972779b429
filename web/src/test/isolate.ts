/**
 * The per-file isolation of `isolate: false` (vite.config.ts): the first setup file, run before each test file.
 *
 * A worker runs many test files, one after another, each in a new jsdom (vitest sets one up per file). Instead of a
 * new worker thread per file (which imports jsdom, React, Amplify... again, seconds per file), this gives each file
 * what a new worker would: every module of the app (and the Testing Library, which binds `screen` to the document
 * of its first import) evaluated afresh, with the file's own mocks, real timers and no global left stubbed by
 * the file before. Only libraries loaded by Node itself (React, Amplify, recharts...) are shared, as loaded.
 */
import { vi } from 'vitest';

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.resetModules();
