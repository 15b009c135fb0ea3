import { defineConfig } from 'vitest/config'

// The built server's own tests (tests/server): they start `npm run serve`'s server in child processes, so they
// run after the build (scripts/test.mjs), one file at a time.
export default defineConfig({
  test: {
    include: ['tests/server/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
