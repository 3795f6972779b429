// The runner's own settings, for the failing probe only: no retry, no global sign-in.
import base from '../../playwright.config.mjs';

export default {
  ...base,
  testDir: '.',
  testMatch: '*.probe.mjs',
  retries: 0,
  globalSetup: undefined,
  reporter: [['line']],
};
