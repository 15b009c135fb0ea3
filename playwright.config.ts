import { defineConfig, devices } from '@playwright/test'
import { installedChromium } from './scripts/chromium.mjs'

const port = Number(process.env.E2E_PORT ?? 3100)
const dataDir = process.env.E2E_DATA_DIR ?? './data/e2e'
// CHROME_PATH, else Debian's headless shell, else Debian's Chromium (scripts/chromium.mjs, as npm test chooses).
const chromium = installedChromium(process.env.CHROME_PATH) ?? '/usr/bin/chromium'

/**
 * Journeys run at 1280 px only: access and ownership (guards, posted forms, reset links), which a narrow screen
 * does not change, and paths whose pages are the same at every width (the no-sideways-scroll journey visits each
 * of their pages at 360 and 320 px, so a phone's layout of them is still checked). Staff use the admin console
 * from a desk.
 */
const DESK_ONLY = [
  'product-import.spec.ts',
  'staff-money.spec.ts',
  'staff-payouts.spec.ts',
  'admin-access.spec.ts',
  'address-ownership.spec.ts',
  'customer-dashboard-guards.spec.ts',
  'password-reset.spec.ts',
  'vendor-ownership.spec.ts',
  'admin-console.spec.ts',
  'admin-moderation.spec.ts',
  'account-basics.spec.ts',
  'customer-account.spec.ts',
  'follow.spec.ts',
  'help.spec.ts',
  'truthful-copy.spec.ts',
  'vendor-dashboard.spec.ts',
  'class-conflicts.spec.ts',
  'staff-order-actions.spec.ts',
  'staff-roles.spec.ts',
]

/**
 * Journeys run at 360 px only: where customers manage their account, on the phone they shop from, and the size
 * and colour they tap on a slow phone (what is added does not depend on the width, the loading states are what
 * the journey is about), and Isoko in Kinyarwanda and French, as a shopper on a phone reads it.
 */
const PHONE_ONLY = [
  'languages.spec.ts',
  'addresses-without-javascript.spec.ts',
  'customer-account-accessibility.spec.ts',
  'no-sideways-scroll.spec.ts',
  'variant-choice.spec.ts',
  'suspended-store.spec.ts',
]

// The journeys run against the production build, served by the real server as `npm start` serves it (the demo
// catalogue and accounts, NODE_ENV development) on a database of its own: PostgreSQL when TEST_DATABASE_URL is
// set, else PGlite. Production mode itself is tested by tests/server (it refuses demo accounts).
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // A journey that passes only on a second try is a defect to fix, not to hide: none is tried again.
  retries: 0,
  // The longest journeys (a MoMo checkout waiting on the phone's approval) take 15-30 s; on a loaded two-core
  // machine with Debian's Chromium 156 everything runs about twice as slow, and 45 s was cut too close.
  timeout: 75_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed journey keeps a screenshot and its page's accessibility tree (error-context.md) beside the error and
    // its call log. No trace: its DOM snapshot at every action took 20% of the browser's and the runner's CPU, which
    // the journeys are bound by (a 40-journey run: 85 s of the browser's CPU with traces, 66 s without). To record
    // one: npx playwright test --trace retain-on-failure.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 360, height: 800 }, isMobile: false, hasTouch: true },
      // Each journey runs at the widths where it can find something the other does not, which keeps `npm test`
      // within its time: whole files by these lists, single journeys by their tag (@desktop-only, @phone-only).
      testIgnore: DESK_ONLY,
      grepInvert: /@desktop-only/,
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
      testIgnore: PHONE_ONLY,
      grepInvert: /@phone-only/,
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    // Many journeys sign in from one address: the sign-in rate limit is tested on its own (module tests).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      // The simulators' loopback port (the app's is 3100).
      SIMULATOR_PORT: String(port + 1),
      // The journeys' fixture service (tests/fixture-service, loopback only): their own accounts, stores, orders.
      FIXTURES_PORT: String(port + 2),
      LOG_LEVEL: 'warn',
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      // Every journey comes from 127.0.0.1: the abuse throttles are tested on their own (module tests).
      THROTTLE_SCALE: '100',
      // The payment simulators answer after 1.5 s, so the 'approve on your phone' page is seen, and briefly.
      SIMULATOR_APPROVAL_MS: '1500',
    },
  },
})
