import { describe, expect, test } from 'vitest'
import { createI18n, getMessages } from '#app/lib/i18n.server.ts'
import { intlLocale, locales, type MessageId, messageId } from '#app/lib/i18n.tsx'
import { formatRwf } from '#app/lib/money.ts'
import { fitSms, gsm7Length, SMS_MAX_PARTS, SMS_MAX_SEPTETS, smsParts } from '#app/modules/outbox/gsm7.ts'

// Every SMS Isoko writes, in every language, filled with long values as they are sent (an amount of millions as
// the language writes it, a 30-character store name, full links): the order's news and the sign-in code fit one
// SMS; the others at most three joined parts, none cut (the low-stock list, whose length has no bound, aside).
const ONE_SMS = new Set<string>([
  'orders.sms.placed',
  'orders.sms.paid',
  'orders.sms.dispatched',
  'orders.sms.delivered',
  'account.phone.sms.code',
])

function smsIds(): string[] {
  return Object.keys(getMessages('en')).filter(
    (id) =>
      /\.sms(\.|$)/.test(id) && !id.endsWith('.subject') && id !== 'admin.mailbox.sms' && !id.startsWith('checkout.'),
  )
}

describe.each(locales)('the SMS texts in %s', (locale) => {
  const i18n = createI18n(locale)
  const money = (amount: number) => formatRwf(amount, intlLocale[locale])
  // The longest reason a payment or a payout fails, in this language.
  const longest = (prefix: string) =>
    Object.keys(getMessages('en'))
      .filter((id) => id.startsWith(prefix))
      .map((id) => i18n._(messageId(id)))
      .sort((a, b) => b.length - a.length)[0] ?? ''
  const values = {
    number: 'ISK-2611-48213',
    total: money(1_250_000),
    amount: money(1_250_000),
    vendor: 'Kigali Fashion House & Tailors',
    store: 'Kigali Fashion House & Tailors',
    name: 'Uwimana',
    product: 'Kitenge Wrap Dress with Pockets',
    rating: 5,
    code: '482913',
    minutes: 10,
    phone: '+250 788 123 456',
    network: 'MTN MoMo',
    reference: '3f2b8c1e-9d4a-4e7b-8c2f-1a2b3c4d5e6f',
    why: longest('pay.failed.'),
    link: 'https://isoko.rw/vendor-dashboard/orders/12345',
    payLink: 'https://isoko.rw/checkout/pay/ISK-2611-48213',
    count: 3,
    list: 'KFH-DRS-M-RED: 2',
  }

  test.each(smsIds())('%s is GSM-7 and fits', (id) => {
    const raw = i18n._(
      id as MessageId,
      id.startsWith('payouts.') ? { ...values, why: longest('payouts.reason.') } : values,
    )
    const sent = fitSms(raw)
    expect(sent.truncated).toBe(false)
    // What the SMS encoder changes (typographic quotes, accents GSM-7 lacks) leaves the words readable.
    expect(gsm7Length(sent.text)).not.toBeNull()
    if (ONE_SMS.has(id)) expect(gsm7Length(sent.text)).toBeLessThanOrEqual(SMS_MAX_SEPTETS)
    else expect(smsParts(sent.text)).toBeLessThanOrEqual(SMS_MAX_PARTS)
  })
})
