import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { createI18n } from '#app/lib/i18n.server.ts'

/** Every English message as written in the catalogue files (the compiled form no longer shows the text). */
function sourceMessages(): [string, string][] {
  const dir = 'app/locales/en'
  return readdirSync(dir)
    .filter((name) => name.endsWith('.po'))
    .flatMap((name) =>
      [...readFileSync(path.join(dir, name), 'utf8').matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)].map(
        (m): [string, string] => [`${name} ${m[1]}`, m[2] as string],
      ),
    )
}

// Counts in the catalogue are ICU plurals (issue 12: "My Favorites (1 items)", vendor e-mails "1 items").
describe('counts in the message catalogue', () => {
  const i18n = createI18n('en')

  test('one favourite, one item in a vendor order and one day read in the singular', () => {
    expect(i18n._('cart.favorites.title', { count: 1 })).toBe('My Favorites (1 item)')
    expect(i18n._('cart.favorites.title', { count: 2 })).toBe('My Favorites (2 items)')
    const values = {
      store: 'Kigali Styles',
      number: 'ISK-1',
      total: 'RWF 5,000',
      district: 'Gasabo',
      method: 'MTN MoMo',
    }
    expect(i18n._('orders.email.vendorNew.body', { ...values, count: 1, link: 'x' })).toContain(': 1 item, RWF 5,000')
    expect(i18n._('orders.email.vendorNew.body', { ...values, count: 3, link: 'x' })).toContain(': 3 items, RWF 5,000')
    expect(i18n._('analytics.periods.option', { days: 7 })).toBe('7 days')
  })

  test('no message puts a number placeholder before a plural noun without an ICU plural', () => {
    // "{count} items" reads "1 items" for one; the plural form chooses the word for each count.
    const nouns =
      'items|orders|reviews|products|photos|days|hours|minutes|units|followers|messages|stores|vendors|results|pieces'
    const bare = new RegExp(`\\{(\\w+)\\} (?:${nouns})\\b`)
    const messages = sourceMessages()
    expect(messages.length).toBeGreaterThan(1000)
    // Inside a plural's branches the word is chosen per count already ("{formatted} items" in the `other` branch).
    const offending = messages.flatMap(([id, text]) =>
      bare.test(text) && !/, plural,/.test(text) ? [`${id}: ${text}`] : [],
    )
    expect(offending).toEqual([])
  })
})
