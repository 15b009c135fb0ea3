import { describe, expect, test } from 'vitest'
import {
  getSimulatorOptions,
  parsePaymentsConfig,
  paymentsConfigProblems,
  SIMULATOR_CREDENTIALS,
  simulatorBanner,
  simulatorBrowserOrigin,
} from './config.server.ts'

const production = {
  PAYMENTS_MODE: 'production',
  PUBLIC_URL: 'https://isoko.rw/',
  MOMO_BASE_URL: 'https://proxy.momoapi.mtn.co.rw',
  MOMO_TARGET_ENVIRONMENT: 'mtnrwanda',
  MOMO_COLLECTION_SUBSCRIPTION_KEY: 'c-key',
  MOMO_COLLECTION_API_USER: 'c-user',
  MOMO_COLLECTION_API_KEY: 'c-api',
  MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: 'd-key',
  MOMO_DISBURSEMENT_API_USER: 'd-user',
  MOMO_DISBURSEMENT_API_KEY: 'd-api',
  AIRTEL_BASE_URL: 'https://openapi.airtel.africa',
  AIRTEL_CLIENT_ID: 'a-id',
  AIRTEL_CLIENT_SECRET: 'a-secret',
  CARD_BASE_URL: 'https://api.flutterwave.com',
  CARD_SECRET_KEY: 'FLWSECK-x',
  CARD_WEBHOOK_SECRET: 'hash',
}

describe('payments configuration', () => {
  test('simulator mode by default: simulators on their own loopback port (PORT + 1), callbacks to the app on PORT', () => {
    const config = parsePaymentsConfig({ PORT: '4123' })
    expect(config.mode).toBe('simulator')
    expect(config.callbackBase).toBe('http://127.0.0.1:4123')
    expect(config.momo.baseUrl).toBe('http://127.0.0.1:4124/momo')
    expect(config.airtel.baseUrl).toBe('http://127.0.0.1:4124/airtel')
    expect(config.card.baseUrl).toBe('http://127.0.0.1:4124/card')
    expect(config.momo.collection).toEqual(SIMULATOR_CREDENTIALS.momoCollection)
    expect(config.simulator).toEqual({ approvalMs: 4000, expiryMs: 300_000, port: 4124, external: false })
    expect(simulatorBrowserOrigin(config)).toBe('http://127.0.0.1:4124')

    const options = getSimulatorOptions('http://127.0.0.1:4124/', config)
    expect(options.publicBaseUrl).toBe('http://127.0.0.1:4124')
    expect(options.callbackBase).toBe('http://127.0.0.1:4123')
    expect(options.airtel.callbackUrl).toBe('http://127.0.0.1:4123/api/payments/airtel/callback')
    expect(options.card.webhookUrl).toBe('http://127.0.0.1:4123/api/payments/card/webhook')
  })

  test('SIMULATOR_PORT, SIMULATOR_PUBLIC_URL, SIMULATOR_CALLBACK_URL and SIMULATOR_EXTERNAL move the simulators', () => {
    const config = parsePaymentsConfig({
      PORT: '3000',
      SIMULATOR_PORT: '3900',
      SIMULATOR_PUBLIC_URL: 'http://dev.isoko.test:3900/',
      SIMULATOR_CALLBACK_URL: 'http://127.0.0.1:8080/',
      SIMULATOR_EXTERNAL: '1',
    })
    expect(config.momo.baseUrl).toBe('http://127.0.0.1:3900/momo')
    expect(config.callbackBase).toBe('http://127.0.0.1:8080')
    expect(config.simulator).toMatchObject({ port: 3900, publicUrl: 'http://dev.isoko.test:3900', external: true })
    expect(simulatorBrowserOrigin(config)).toBe('http://dev.isoko.test:3900')
    expect(paymentsConfigProblems({ PORT: '3000', SIMULATOR_PORT: '3000' }, { production: false })).toEqual([
      'SIMULATOR_PORT must differ from PORT',
    ])
    expect(paymentsConfigProblems({ SIMULATOR_EXTERNAL: 'yes' }, { production: false })[0]).toMatch(
      /^SIMULATOR_EXTERNAL: /,
    )
  })

  test('production mode needs every base URL and credential, and says which are missing', () => {
    expect(() => parsePaymentsConfig({ PAYMENTS_MODE: 'production', MOMO_BASE_URL: 'https://x.rw' })).toThrow(
      /PUBLIC_URL[\s\S]*MOMO_TARGET_ENVIRONMENT[\s\S]*CARD_SECRET_KEY/,
    )
    const { CARD_WEBHOOK_SECRET: _omitted, ...missingOne } = production
    expect(() => parsePaymentsConfig(missingOne)).toThrow(
      /configuration:\n {2}- CARD_WEBHOOK_SECRET is required when PAYMENTS_MODE=production$/,
    )

    const config = parsePaymentsConfig(production)
    expect(config.mode).toBe('production')
    expect(config.callbackBase).toBe('https://isoko.rw')
    expect(config.momo).toMatchObject({ baseUrl: 'https://proxy.momoapi.mtn.co.rw', targetEnvironment: 'mtnrwanda' })
    expect(config.airtel.callbackSecret).toBeUndefined()
  })
  test('a bad value is refused', () => {
    expect(() => parsePaymentsConfig({ PAYMENTS_MODE: 'live' })).toThrow(/PAYMENTS_MODE/)
    expect(() => parsePaymentsConfig({ MOMO_BASE_URL: 'not a url' })).toThrow(/MOMO_BASE_URL/)
  })

  test('SIMULATOR_PUBLIC_URL must be an http(s) URL', () => {
    expect(() => parsePaymentsConfig({ SIMULATOR_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/SIMULATOR_PUBLIC_URL/)
  })
})

describe('paymentsConfigProblems', () => {
  test('production refuses to start without an explicit PAYMENTS_MODE', () => {
    expect(paymentsConfigProblems({}, { production: true })).toEqual([
      'PAYMENTS_MODE must be set explicitly in production (production, or simulator for a staging site)',
    ])
    // Outside production the simulators are the default and nothing is missing.
    expect(paymentsConfigProblems({}, { production: false })).toEqual([])
    // getPaymentsConfig's parser refuses it too, from NODE_ENV.
    expect(() => parsePaymentsConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENTS_MODE must be set explicitly/)
  })

  test('production refuses PAYMENTS_MODE=simulator without ALLOW_PAYMENT_SIMULATOR=1', () => {
    for (const allow of [undefined, '0', 'false']) {
      const problems = paymentsConfigProblems(
        { PAYMENTS_MODE: 'simulator', ALLOW_PAYMENT_SIMULATOR: allow },
        { production: true },
      )
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatch(/^PAYMENTS_MODE=simulator is refused in production.*ALLOW_PAYMENT_SIMULATOR=1/)
    }
    expect(() => parsePaymentsConfig({ NODE_ENV: 'production', PAYMENTS_MODE: 'simulator' })).toThrow(
      /ALLOW_PAYMENT_SIMULATOR=1/,
    )
  })

  test('production allows the simulators with ALLOW_PAYMENT_SIMULATOR=1, and the banner says it is for staging', () => {
    const env = { PAYMENTS_MODE: 'simulator', ALLOW_PAYMENT_SIMULATOR: '1', PORT: '3000' }
    expect(paymentsConfigProblems(env, { production: true })).toEqual([])
    const config = parsePaymentsConfig({ ...env, NODE_ENV: 'production' })
    expect(config.mode).toBe('simulator')
    const banner = simulatorBanner(config, { production: true })
    expect(banner.split('\n').length).toBeGreaterThan(4)
    expect(banner).toMatch(/SIMULATED/)
    expect(banner).toMatch(/No real money moves/)
    expect(banner).toMatch(/STAGING/)
    expect(banner).toMatch(/127\.0\.0\.1:3001/)
    // In development the banner still says no money moves, without the staging warning.
    expect(simulatorBanner(config, { production: false })).not.toMatch(/STAGING/)
  })

  test('production mode missing credentials names every missing variable, one problem each', () => {
    const problems = paymentsConfigProblems({ PAYMENTS_MODE: 'production' }, { production: true })
    expect(problems).toEqual(
      [
        'PUBLIC_URL',
        'MOMO_BASE_URL',
        'MOMO_TARGET_ENVIRONMENT',
        'MOMO_COLLECTION_SUBSCRIPTION_KEY',
        'MOMO_COLLECTION_API_USER',
        'MOMO_COLLECTION_API_KEY',
        'MOMO_DISBURSEMENT_SUBSCRIPTION_KEY',
        'MOMO_DISBURSEMENT_API_USER',
        'MOMO_DISBURSEMENT_API_KEY',
        'AIRTEL_BASE_URL',
        'AIRTEL_CLIENT_ID',
        'AIRTEL_CLIENT_SECRET',
        'CARD_BASE_URL',
        'CARD_SECRET_KEY',
        'CARD_WEBHOOK_SECRET',
      ].map((name) => `${name} is required when PAYMENTS_MODE=production`),
    )
    expect(paymentsConfigProblems(production, { production: true })).toEqual([])
  })
})
