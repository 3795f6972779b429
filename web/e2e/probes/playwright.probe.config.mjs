// The runner's own settings, for the failing probe only (no global sign-in): it fails, is run again
// as any failed test is, and that run's trace is kept.
import base from '../../playwright.config.mjs';

export default {
  ...base,
  testDir: '.',
  testMatch: '*.probe.mjs',
  failOnFlakyTests: false,
  globalSetup: undefined,
  reporter: [['line']],
};
