import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { type I18n, type Messages, setupI18n } from '@lingui/core'
import { describe, expect, test } from 'vitest'
import { areasOfIdsIn, createI18n, getMessages, negotiateLocale, pageMessagesOf } from '#app/lib/i18n.server.ts'
import { i18nFromMessages } from '#app/lib/i18n.tsx'
import { withOwnNumbers } from '#app/lib/own-numbers.ts'
import { loadCatalogue } from '#app/locales/chunks.ts'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === 'locales' ? [] : sourceFiles(full)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

describe('message catalogue', () => {
  const i18n = createI18n('en')

  // The compiler checks ids written as t('…') (app/locales/message-ids.ts); ids that travel as data (a schema's
  // error, a flash's title, a table of labels) are strings until a component translates them: every string in the
  // code that is shaped like an id of a catalogue area must name an English message.
  test('every id-shaped string in the app names an English message', () => {
    const ids = Object.keys(getMessages('en'))
    const prefixes = new Set(ids.map((id) => id.split('.')[0]))
    // A string that starts ids ('orders.status', to which the code adds '.paid') is a prefix, not an id.
    const isPrefix = (text: string) => ids.some((id) => id.startsWith(`${text}.`))
    const missing: string[] = []
    for (const file of sourceFiles('app')) {
      if (file.endsWith('routes.ts') || file.endsWith('message-ids.ts')) continue
      const text = readFileSync(file, 'utf8')
      for (const m of text.matchAll(/['"]([a-z][A-Za-z]*(?:\.[\w-]+)+)['"]/g)) {
        const id = m[1] as string
        if (!prefixes.has(id.split('.')[0] as string) || /\.(csv|tsx?|po|json|svg|png)$/.test(id)) continue
        if (!(id in getMessages('en')) && !isPrefix(id)) missing.push(`${file}: ${id}`)
      }
    }
    expect(missing).toEqual([])
  })

  test('placeholders and plurals are filled in', () => {
    expect(i18n._('error.title')).toBe('Something went wrong')
  })

  test('the language comes from the cookie, then Accept-Language, then English', () => {
    const three = ['en', 'rw', 'fr'] as const
    const pick = (cookie: string | null, accept: string | null) => negotiateLocale(cookie, accept, three, 'en')
    expect(pick('lang=fr', 'rw')).toBe('fr')
    expect(pick('theme=dark; lang=rw', 'fr')).toBe('rw')
    // An unknown language in the cookie is passed over; so is a cookie whose name only ends in "lang".
    expect(pick('lang=de', 'fr-FR,rw;q=0.8')).toBe('fr')
    expect(pick('xlang=fr', 'rw')).toBe('rw')
    // The first supported language of the header, whatever region it names.
    expect(pick(null, 'de-DE, rw-RW;q=0.9, fr;q=0.8')).toBe('rw')
    expect(pick(null, 'de, sw')).toBe('en')
    expect(pick(null, null)).toBe('en')
    // Accept-Language is read by preference (q), and Kinyarwanda's three-letter code counts.
    expect(pick(null, 'en;q=0.5, fr;q=0.9')).toBe('fr')
    expect(pick(null, 'kin, en;q=0.8')).toBe('rw')
    expect(pick('lang=xx', 'en;q=0')).toBe('en')
    // The interface's own languages are the three.
    expect(negotiateLocale('lang=fr', 'rw-RW,fr;q=0.8')).toBe('fr')
    expect(negotiateLocale(null, 'rw-RW,fr;q=0.8')).toBe('rw')
  })

  test("a page's data brings the areas of the message ids it carries (a form's errors after a post)", () => {
    const data = {
      errors: { phone: 'account.phone.error.wrong', form: 'form.error.invalid' },
      values: { phone: 'x.y' },
    }
    expect([...areasOfIdsIn([{ root: null }, data])].sort()).toEqual(['accounts', 'common'])
    expect([...areasOfIdsIn({ title: 'Kitenge dress', email: 'a@b.rw', key: 'product-1.webp' })]).toEqual([])
  })
})

describe('numbers inside messages', () => {
  // A plural's `#` is written by the message formatter, not by format.ts: in Kinyarwanda it must come out the same
  // in Node (which has CLDR's `rw`) and in a browser (which does not), or the page fails to hydrate.
  test('Kinyarwanda writes a plural’s number as CLDR’s rw does, without asking Intl for rw', () => {
    const rw = createI18n('rw')
    const text = rw._('productImport.limits', {
      maxMb: 5,
      maxRows: 5000,
      zipMb: 50,
      maxPhotos: 1000,
      photosPerProduct: 1,
      variantsPerProduct: 100,
    })
    expect(text).toContain('1.000')
    expect(text).toContain('5.000')
    expect(text).toContain('ifoto 1 ntarengwa')
    expect(rw.locales).toEqual(['de'])
    expect(createI18n('fr').locales).toBeUndefined()
  })

  // A browser's first Intl.NumberFormat loads ICU's number data (20-40 ms inside hydration): a plural's `#` and a
  // `{n, number}` are written by format.ts's groupWhole, to the very string lingui's Intl would have written.
  const whole = [0, 1, 2, 7, 12, 999, 1000, 1001, 12345, 100000, 999999, 1000000, 1234567, -1, -2500, 2 ** 40]

  /** How many Intl.NumberFormat objects `run` makes. */
  function intlNumberFormatsMadeBy(run: () => void): number {
    const original = Intl.NumberFormat
    let made = 0
    Intl.NumberFormat = new Proxy(original, {
      construct(target, args: [string?, Intl.NumberFormatOptions?]) {
        made++
        return new target(...args)
      },
    })
    try {
      run()
    } finally {
      Intl.NumberFormat = original
    }
    return made
  }

  // Before any test below writes a fraction in English: Intl's formatter, once made, is kept.
  test('a fraction among the values is written only when a message shows it with #', () => {
    const ours = i18nFromMessages(
      'en',
      withOwnNumbers({
        rated: [
          'Rated ',
          ['rating'],
          ' out of 5, ',
          ['count', 'plural', { one: ['#', ' review'], other: ['#', ' reviews'] }],
        ],
      } as unknown as Messages),
    )
    let text = ''
    expect(intlNumberFormatsMadeBy(() => (text = ours._('rated', { rating: '4.5', count: 12 })))).toBe(0)
    expect(text).toBe('Rated 4.5 out of 5, 12 reviews')
    expect(intlNumberFormatsMadeBy(() => ours._('rated', { rating: 4.25, count: 1 }))).toBe(0)
  })

  test.each(['en', 'fr', 'rw'] as const)(
    '%s: a plural’s # and {n, number} are Intl’s own strings, without Intl',
    (locale) => {
      const messages = {
        items: [['count', 'plural', { one: ['#', ' item'], other: ['Cart (', '#', ' items)'] }]],
        rows: ['at most ', ['rows', 'number'], ' rows'],
        nested: [['kind', 'select', { a: [['n', 'plural', { other: ['#', ' a'] }]], other: ['none'] }]],
        exact: [['count', 'plural', { 0: ['none'], 1: ['just one'], one: ['#', ' one'], other: ['#', ' more'] }]],
        bare: ['Showing ', ['count', 'plural', { one: ['product'], other: ['products'] }]],
      } as unknown as Messages
      const ours = i18nFromMessages(locale, withOwnNumbers(messages))
      const lingui = setupI18n({
        locale,
        ...(locale === 'rw' ? { locales: ['de'] } : {}),
        messages: { [locale]: messages },
      })
      const all = (t: I18n, n: number | string) => [
        t._('items', { count: n }),
        t._('rows', { rows: n }),
        t._('nested', { kind: 'a', n }),
        t._('exact', { count: n }),
        t._('bare', { count: n }),
      ]
      // Whole numbers, one given as text, and a fraction (Intl's to write, as before).
      const numbers = [...whole, '1234', 1.5]
      const expected = numbers.map((n) => all(lingui, n))
      let written: string[][] = []
      const made = intlNumberFormatsMadeBy(() => {
        written = whole.map((n) => all(ours, n))
      })
      expect(written).toEqual(expected.slice(0, whole.length))
      expect(numbers.map((n) => all(ours, n))).toEqual(expected)
      expect(made).toBe(0)
      // Nothing is left for lingui's plural and number formatters, which make an Intl.NumberFormat (the count above
      // cannot tell: lingui keeps its formatters once made, and the expected strings made them).
      const rewritten = JSON.stringify(withOwnNumbers(messages))
      expect(rewritten).not.toContain('"#"')
      expect(rewritten).not.toContain('"number"')
      expect(rewritten).not.toContain('"plural"')
    },
  )

  test('every message reaches a page rewritten: the server’s catalogues, and the areas the browser loads later', async () => {
    const shipped = JSON.stringify(pageMessagesOf('fr', ['common', 'cart', 'products']).messages)
    expect(shipped).toContain('"count#plural"')
    expect(shipped).not.toMatch(/"plural"|"#"/)
    const later = JSON.stringify(await loadCatalogue('rw', 'orders'))
    expect(later).toContain('#plural"')
    expect(later).not.toMatch(/"plural"|"#"/)
    let text = ''
    const fr = createI18n('fr')
    expect(intlNumberFormatsMadeBy(() => (text = fr._('header.cart', { count: 12000 })))).toBe(0)
    expect(text).toBe('Panier (12\u202f000 articles)')
  })
})
