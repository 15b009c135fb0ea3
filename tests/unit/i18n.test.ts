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
    expect(negotiateLocale('lang=en', 'fr')).toBe('en')
    expect(negotiateLocale(null, 'rw-RW,fr;q=0.8')).toBe('en')
    expect(negotiateLocale(null, null)).toBe('en')
  })
})
