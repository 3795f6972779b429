import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The tests assert behaviour, not speed: on a busy 2-core machine (two test
// workers) a screen of 40 route cards can take more than findBy's default 1 s.
const ASYNC_TIMEOUT_MS = 5000;
configure({ asyncUtilTimeout: ASYNC_TIMEOUT_MS });
// The same for vitest's own `vi.waitFor` (67 uses), whose default is 1 s: a routes screen's access read took
// longer in a CI run beside the browser stack's build, and its test failed for that alone.
const viWaitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  viWaitFor(
    callback,
    typeof options === 'number' ? options : { timeout: ASYNC_TIMEOUT_MS, ...options },
  )) as typeof vi.waitFor;

afterEach(() => {
  cleanup();
});

// jsdom lacks these; Radix menus (Amplify Menu) use them.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (globalThis as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
// jsdom's scrollTo only reports 'Not implemented'; a jump (the dashboard's Show) scrolls the page with it.
if (typeof window !== 'undefined') window.scrollTo = () => {};
if (typeof Element !== 'undefined' && !Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
}
