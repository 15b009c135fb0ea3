import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { createI18n, negotiateLocale } from '#app/lib/i18n.server.ts'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === 'locales' ? [] : sourceFiles(full)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

describe('message catalogue', () => {
  const i18n = createI18n('en')

  test('every message id used in the app has an English text', () => {
    const missing: string[] = []
    for (const file of sourceFiles('app')) {
      const text = readFileSync(file, 'utf8')
      for (const m of text.matchAll(/\b(?:t|i18n\._)\(\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g)) {
        const id = m[1] as string
        if (i18n._(id) === id) missing.push(`${file}: ${id}`)
      }
    }
    expect(missing).toEqual([])
  })

  test('every message id that schemas and workflows hand to the forms has an English text', () => {
    const missing: string[] = []
    for (const file of sourceFiles('app')) {
      const text = readFileSync(file, 'utf8')
      for (const m of text.matchAll(/'((?:account|dashboard)\.(?:error|toast|mismatch)[\w.-]*)'/g)) {
        const id = m[1] as string
        if (i18n._(id) === id) missing.push(`${file}: ${id}`)
      }
    }
    expect(missing).toEqual([])
  })

  test('placeholders and plurals are filled in', () => {
    expect(i18n._('error.title')).toBe('Something went wrong')
  })

  test('the language comes from the cookie, then Accept-Language, then English', () => {
    // English is the only language today, so every answer would be 'en' whatever the code did: the rules are
    // checked on three languages (a stub answering 'en' fails here).
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
    // And with the interface's own languages (English only) everything is English.
    expect(negotiateLocale('lang=fr', 'rw-RW,fr;q=0.8')).toBe('en')
  })
})
