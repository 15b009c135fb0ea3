import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import PO from 'pofile'

/** The interface's languages besides English, the source; `app/lib/i18n.tsx` lists the same. */
export const TRANSLATED = ['rw', 'fr'] as const

export type Problem = { locale: string; area: string; id: string; problem: string }

/** One catalogue file: its ids and their texts, in file order. */
export function readCatalogue(file: string): Map<string, string> {
  const po = PO.parse(readFileSync(file, 'utf8'))
  return new Map(po.items.map((item) => [item.msgid, item.msgstr.join('')]))
}

/** The areas (file names without `.po`) of the English catalogue. */
export function areasOf(localesDir: string): string[] {
  return readdirSync(path.join(localesDir, 'en'))
    .filter((f) => f.endsWith('.po'))
    .map((f) => f.slice(0, -3))
    .sort()
}

/**
 * What a message needs kept: each plain argument by name, and each plural or select with its cases
 * (`count:plural[one,other]`). A translation may add cases (French's `many`), never drop one.
 */
type Shape = { args: Set<string>; choices: Map<string, Set<string>>; braces: boolean }

/**
 * Read as Lingui compiles it (what ships), not as written: an ASCII apostrophe right before `{` quotes the
 * placeholder up to the next apostrophe, so `k'{name} ry'ibanga` would show "{name} ry" to the customer.
 */
function shapeOf(message: string): Shape {
  const shape: Shape = { args: new Set(), choices: new Map(), braces: false }
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') {
        if (/[{}]/.test(token)) shape.braces = true
        continue
      }
      const [arg, type, cases] = token as [string, string?, Record<string, CompiledMessage | string>?]
      if (type === 'plural' || type === 'select' || type === 'selectordinal') {
        const key = `${arg}:${type}`
        const seen = shape.choices.get(key) ?? new Set<string>()
        for (const [c, body] of Object.entries(cases ?? {})) {
          if (c === 'offset') continue
          seen.add(c)
          if (Array.isArray(body)) walk(body)
        }
        shape.choices.set(key, seen)
      } else {
        shape.args.add(arg)
      }
    }
  }
  walk(compileMessageOrThrow(message))
  return shape
}

/** Every problem of one translated language against English; none when the catalogue is complete. */
export function checkLocale(localesDir: string, locale: string): Problem[] {
  const problems: Problem[] = []
  for (const area of areasOf(localesDir)) {
    const source = readCatalogue(path.join(localesDir, 'en', `${area}.po`))
    const file = path.join(localesDir, locale, `${area}.po`)
    if (!existsSync(file)) {
      problems.push({ locale, area, id: '*', problem: 'the catalogue file is missing' })
      continue
    }
    const translated = readCatalogue(file)
    for (const id of translated.keys()) {
      if (!source.has(id)) problems.push({ locale, area, id, problem: 'not an English id (renamed or removed?)' })
    }
    for (const [id, english] of source) {
      const text = translated.get(id)
      if (text === undefined) {
        problems.push({ locale, area, id, problem: 'missing' })
        continue
      }
      if (text.trim() === '') {
        problems.push({ locale, area, id, problem: 'empty' })
        continue
      }
      let want: Shape
      let got: Shape
      try {
        want = shapeOf(english)
      } catch (error) {
        problems.push({ locale: 'en', area, id, problem: `the English text does not parse: ${String(error)}` })
        continue
      }
      try {
        got = shapeOf(text)
      } catch (error) {
        problems.push({ locale, area, id, problem: `does not parse as ICU: ${String(error)}` })
        continue
      }
      if (got.braces && !want.braces) {
        problems.push({ locale, area, id, problem: "shows a brace: an apostrophe (') right before { quotes it; use ’" })
      }
      for (const arg of want.args) {
        if (!got.args.has(arg)) problems.push({ locale, area, id, problem: `drops the placeholder {${arg}}` })
      }
      for (const arg of got.args) {
        if (!want.args.has(arg))
          problems.push({ locale, area, id, problem: `has a placeholder {${arg}} English has not` })
      }
      for (const [key, cases] of want.choices) {
        const theirs = got.choices.get(key)
        if (!theirs) {
          problems.push({ locale, area, id, problem: `drops the ${key.replace(':', ' ')} form` })
          continue
        }
        for (const c of cases) {
          if (!theirs.has(c))
            problems.push({ locale, area, id, problem: `drops the case '${c}' of ${key.split(':')[0]}` })
        }
      }
    }
  }
  return problems
}

/** Every English id, sorted: the ids the code may name. */
export function englishIds(localesDir: string): string[] {
  return areasOf(localesDir)
    .flatMap((area) => [...readCatalogue(path.join(localesDir, 'en', `${area}.po`)).keys()])
    .sort()
}

/** The source of `app/locales/message-ids.ts`. */
export function messageIdsSource(localesDir: string): string {
  const ids = englishIds(localesDir)
  return [
    '// Generated from the English catalogues by `npm run i18n:ids` (scripts/i18n/ids.ts): do not edit.',
    "// A message id that is not here does not compile: t('cart.emtpy.title') is a type error.",
    'export type MessageId =',
    ...ids.map((id) => `  | '${id}'`),
    '',
  ].join('\n')
}

/**
 * The source of `app/locales/id-areas.ts`: the areas of the ids that start with each two-segment prefix
 * ('account.error' → accounts). The browser loads it (a chunk of its own) only when a page's data carries an id
 * that its messages lack: a form's errors, a refusal.
 */
export function idAreasSource(localesDir: string): string {
  const byPrefix = new Map<string, Set<string>>()
  for (const area of areasOf(localesDir)) {
    for (const id of readCatalogue(path.join(localesDir, 'en', `${area}.po`)).keys()) {
      const prefix = id.split('.').slice(0, 2).join('.')
      const set = byPrefix.get(prefix) ?? new Set<string>()
      set.add(area)
      byPrefix.set(prefix, set)
    }
  }
  const lines = [...byPrefix.keys()].sort().map(
    (p) =>
      `  '${p}': [${[...(byPrefix.get(p) ?? [])]
        .sort()
        .map((a) => `'${a}'`)
        .join(', ')}],`,
  )
  return [
    '// Generated from the English catalogues by `npm run i18n:ids` (scripts/i18n/ids.ts): do not edit.',
    "import type { Area } from '#app/lib/i18n.tsx'",
    '',
    '/** The areas of the ids that start with each two-segment prefix. */',
    'export const AREAS_OF_PREFIX: Record<string, readonly Area[]> = {',
    ...lines,
    '}',
    '',
  ].join('\n')
}
