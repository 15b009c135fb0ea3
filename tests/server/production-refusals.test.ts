import { afterAll, describe, expect, test } from 'vitest'
import { runUntilExit, tempDataDir } from './harness.ts'

// A production start refuses to run on an unsafe configuration, and says every missing setting at once.

const data = tempDataDir()
afterAll(() => data.remove())

describe('a production start', () => {
  test('refuses to start without any setting, naming each one production needs', async () => {
    const { code, output } = await runUntilExit({ NODE_ENV: 'production', DATA_DIR: data.dir })
    expect(code).toBe(1)
    for (const name of ['PUBLIC_URL', 'SESSION_SECRET', 'PAYMENTS_MODE', 'SMTP_URL', 'AT_USERNAME', 'AT_API_KEY']) {
      expect(output).toContain(name)
    }
    expect(output).not.toMatch(/ready at/)
  })

  test('refuses a PUBLIC_URL that is not https', async () => {
    const { code, output } = await runUntilExit({
      NODE_ENV: 'production',
      DATA_DIR: data.dir,
      PUBLIC_URL: 'http://isoko.test',
    })
    expect(code).toBe(1)
    expect(output).toMatch(/PUBLIC_URL: must be an https/)
  })

  test('refuses the payment simulator unless ALLOW_PAYMENT_SIMULATOR=1', async () => {
    const { code, output } = await runUntilExit({
      NODE_ENV: 'production',
      DATA_DIR: data.dir,
      PAYMENTS_MODE: 'simulator',
    })
    expect(code).toBe(1)
    expect(output).toContain('ALLOW_PAYMENT_SIMULATOR')
  })
})

test('any start with DATABASE_URL refuses to run without SESSION_SECRET (each server would invent its own)', async () => {
  const { code, output } = await runUntilExit({
    DATA_DIR: data.dir,
    DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  })
  expect(code).toBe(1)
  expect(output).toMatch(/SESSION_SECRET: required with DATABASE_URL/)
})
