import { describe, expect, test } from 'vitest'
import { getSimulatorOptions, parsePaymentsConfig, SIMULATOR_CREDENTIALS } from './config.server.ts'

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
  test('simulator mode by default: loopback simulators, development credentials, loopback callbacks', () => {
    const config = parsePaymentsConfig({ PORT: '4123' })
    expect(config.mode).toBe('simulator')
    expect(config.callbackBase).toBe('http://127.0.0.1:4123')
    expect(config.momo.baseUrl).toBe('http://127.0.0.1:4123/__simulator/momo')
    expect(config.airtel.baseUrl).toBe('http://127.0.0.1:4123/__simulator/airtel')
    expect(config.card.baseUrl).toBe('http://127.0.0.1:4123/__simulator/card')
    expect(config.momo.collection).toEqual(SIMULATOR_CREDENTIALS.momoCollection)
    expect(config.simulator).toEqual({ approvalMs: 4000, expiryMs: 300_000 })

    const options = getSimulatorOptions('http://localhost:4123/', config)
    expect(options.publicBaseUrl).toBe('http://localhost:4123/__simulator')
    expect(options.airtel.callbackUrl).toBe('http://127.0.0.1:4123/api/payments/airtel/callback')
    expect(options.card.webhookUrl).toBe('http://127.0.0.1:4123/api/payments/card/webhook')
  })

  test('production mode needs every base URL and credential, and says which are missing', () => {
    expect(() => parsePaymentsConfig({ PAYMENTS_MODE: 'production', MOMO_BASE_URL: 'https://x.rw' })).toThrow(
      /PUBLIC_URL[\s\S]*MOMO_TARGET_ENVIRONMENT[\s\S]*CARD_SECRET_KEY/,
    )
    const { CARD_WEBHOOK_SECRET: _omitted, ...missingOne } = production
    expect(() => parsePaymentsConfig(missingOne)).toThrow(/needs these variables:\n {2}CARD_WEBHOOK_SECRET$/)

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
})
