import { lingui } from '@lingui/vite-plugin'
import { configDefaults, defineConfig } from 'vitest/config'

const include = [
  'app/**/*.test.{ts,tsx}',
  'db/**/*.test.ts',
  'scripts/**/*.test.ts',
  'tests/unit/**/*.test.ts',
  'server/**/*.test.ts',
]

/**
 * Test files that change what a process holds for the others (the environment read when modules load, the
 * payment providers' configuration): each runs in a fresh process, as every file once did.
 */
const ISOLATED = [
  'app/lib/cookies.server.test.ts',
  'app/workflows/payouts.server.test.ts',
  'app/workflows/staff-payouts.server.test.ts',
]

export default defineConfig({
  plugins: [lingui()],
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    globalSetup: ['tests/global-setup.ts'],
    // Vitest keeps a core for itself by default, which leaves one worker on a two-core machine; two workers
    // took the PGlite run from 194 s to 111 s and the PostgreSQL run from 100 s to 62 s (with the template).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Every other file shares its worker's modules with the files before it (each still opens a database of
        // its own): loading the app's modules once per worker instead of once per file took the PGlite run from
        // 155 s to about 75 s on two cores.
        test: { name: 'shared', include, exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
})
