// Playwright: end-to-end specs in Debian's Chromium (tests/e2e/browser.ts) against the web host and the simulated service.
import { defineConfig, devices } from '@playwright/test';
import { E2E_CHROMIUM, E2E_CHROMIUM_ARGS } from './tests/e2e/browser';

export default defineConfig({
  testDir: 'tests/e2e',
  // Each test starts its own simulator and web host (fixtures.ts), so tests never share state.
  fullyParallel: true,
  workers: 2,
  // Locally no retries: a flaky spec is a bug to fix. In CI one retry, so a timing hiccup of a
  // loaded 2-core machine does not block a landing; Playwright still lists such a spec as flaky.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    headless: true,
    // A trace is recorded only for a retry (CI): recording one for every test (its screencast
    // above all) cost a fifth of the suite's time, for traces that were thrown away on success.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: E2E_CHROMIUM,
      args: E2E_CHROMIUM_ARGS,
    },
  },
});
