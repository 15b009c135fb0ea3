import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { areasOfIdsIn, createI18n, getMessages, negotiateLocale } from '#app/lib/i18n.server.ts'

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
})
