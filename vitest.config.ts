import { lingui } from '@lingui/vite-plugin'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [lingui()],
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'db/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'server/**/*.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    globalSetup: ['tests/global-setup.ts'],
    // Vitest keeps a core for itself by default, which leaves one worker on a two-core machine; two workers
    // took the PGlite run from 194 s to 111 s and the PostgreSQL run from 100 s to 62 s (with the template).
    maxWorkers: 2,
  },
})
