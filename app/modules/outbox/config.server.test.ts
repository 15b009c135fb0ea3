import { describe, expect, test } from 'vitest'
import {
  createTransports,
  DEFAULT_AT_BASE_URL,
  DEFAULT_MAIL_FROM,
  deliveryReportKeyMatches,
  messagingConfigProblems,
  parseMessagingConfig,
  SMS_SIMULATOR_CREDENTIALS,
} from './config.server.ts'

const production = { production: true }
const development = { production: false }

const realGateway = {
  SMTP_URL: 'smtps://isoko:pass@mail.example.rw:465',
  AT_USERNAME: 'isoko',
  AT_API_KEY: 'atsk_live_key',
  AT_CALLBACK_SECRET: 'a-long-random-callback-secret',
}

describe('messaging configuration', () => {
  test('production refuses to start without SMTP_URL, AT_USERNAME, AT_API_KEY and AT_CALLBACK_SECRET, naming each', () => {
    const names = messagingConfigProblems({}, production).map((p) => p.split(':')[0])
    expect(names).toEqual(['SMTP_URL', 'AT_USERNAME', 'AT_API_KEY', 'AT_CALLBACK_SECRET'])
    expect(() => parseMessagingConfig({}, production)).toThrow(/SMTP_URL[\s\S]*AT_CALLBACK_SECRET/)
    expect(messagingConfigProblems(realGateway, production)).toEqual([])
  })

  test('production refuses an SMTP_URL that is not smtp(s)://, an http AT_BASE_URL and a short callback secret', () => {
    const problems = messagingConfigProblems(
      {
        ...realGateway,
        SMTP_URL: 'http://mail.example.rw',
        AT_BASE_URL: 'http://api.africastalking.com',
        AT_CALLBACK_SECRET: 'short',
      },
      production,
    )
    expect(problems.map((p) => p.split(':')[0])).toEqual(['SMTP_URL', 'AT_BASE_URL', 'AT_CALLBACK_SECRET'])
  })

  test('production uses the real gateway, never the simulator, with the default base URL and sender', () => {
    const config = parseMessagingConfig({ ...realGateway, AT_SENDER_ID: 'ISOKO' }, production)
    expect(config.email).toEqual({ kind: 'smtp', url: realGateway.SMTP_URL, from: DEFAULT_MAIL_FROM })
    expect(config.sms).toEqual({
      kind: 'africastalking',
      settings: { username: 'isoko', apiKey: 'atsk_live_key', senderId: 'ISOKO', baseUrl: DEFAULT_AT_BASE_URL },
    })
    expect(config.callbackSecret).toBe(realGateway.AT_CALLBACK_SECRET)
    expect(Object.values(createTransports(config)).map((t) => t.name)).toEqual(['smtp', 'africastalking'])
  })

  test('development without settings: e-mails stay for the mailbox, SMS go to the simulator on its loopback port', () => {
    const config = parseMessagingConfig({ PORT: '4000' }, development)
    expect(config.email.kind).toBe('development')
    expect(config.sms).toMatchObject({
      kind: 'africastalking',
      settings: { baseUrl: 'http://127.0.0.1:4001/africastalking', apiKey: SMS_SIMULATOR_CREDENTIALS.apiKey },
      simulator: {
        apiKey: SMS_SIMULATOR_CREDENTIALS.apiKey,
        callbackBase: 'http://127.0.0.1:4000',
        deliveryReportUrl: `http://127.0.0.1:4000/api/sms/delivery-report?key=${SMS_SIMULATOR_CREDENTIALS.callbackSecret}`,
      },
    })
    expect(parseMessagingConfig({ SIMULATOR_PORT: '5555' }, development).sms).toMatchObject({
      settings: { baseUrl: 'http://127.0.0.1:5555/africastalking' },
    })
    expect(Object.values(createTransports(config)).map((t) => t.name)).toEqual(['development', 'africastalking'])
  })

  test('development without the simulators keeps SMS in the mailbox too', () => {
    const config = parseMessagingConfig({}, { production: false, smsSimulator: false })
    expect(config.sms).toEqual({ kind: 'development' })
    expect(createTransports(config).sms.name).toBe('development')
  })

  test('development with an Africa’s Talking account uses it, and half an account is refused', () => {
    const config = parseMessagingConfig(
      { AT_USERNAME: 'sandbox', AT_API_KEY: 'k', AT_BASE_URL: 'https://api.sandbox.africastalking.com/' },
      development,
    )
    expect(config.sms).toEqual({
      kind: 'africastalking',
      settings: {
        username: 'sandbox',
        apiKey: 'k',
        senderId: undefined,
        baseUrl: 'https://api.sandbox.africastalking.com',
      },
    })
    expect(messagingConfigProblems({ AT_USERNAME: 'sandbox' }, development)).toEqual([
      'AT_API_KEY: needed with AT_USERNAME',
    ])
  })
})

describe('delivery report key', () => {
  test('matches only the exact secret', () => {
    expect(deliveryReportKeyMatches('a-long-random-callback-secret', 'a-long-random-callback-secret')).toBe(true)
    expect(deliveryReportKeyMatches('a-long-random-callback-secreT', 'a-long-random-callback-secret')).toBe(false)
    expect(deliveryReportKeyMatches('a-long', 'a-long-random-callback-secret')).toBe(false)
    expect(deliveryReportKeyMatches('', 'a-long-random-callback-secret')).toBe(false)
    expect(deliveryReportKeyMatches(null, 'a-long-random-callback-secret')).toBe(false)
    expect(deliveryReportKeyMatches('anything', undefined)).toBe(false)
  })
})
