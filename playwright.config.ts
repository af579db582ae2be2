// Playwright: end-to-end specs in Debian's Chromium against the web host and the simulated service.
import { defineConfig, devices } from '@playwright/test';

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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
});
