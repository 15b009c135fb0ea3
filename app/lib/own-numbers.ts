import type { Messages } from '@lingui/core'
import { CASE, WRITTEN } from './i18n.tsx'

type Token = string | [string, string?, unknown?]
const rewritten = new WeakMap<Messages, Messages>()

/**
 * The messages with their numbers written by Isoko, not by lingui. Lingui writes a plural's `#` with
 * Intl.NumberFormat, and even a plural without `#` makes one; a browser's first one loads ICU's number data, 20 to
 * 40 ms of main thread inside the header's "Cart (1 item)" on every page's hydration. So each plural becomes a
 * select: on the number itself for the exact cases (`=0`), then on `<name>#plural`, its case by Intl.PluralRules
 * (cheap); each `#` and each plain `{n, number}` becomes the value `<name>#`, written by format.ts's groupWhole
 * (Intl's own string for a whole number) or by Intl for anything else (i18n.tsx fills both in). A plural with an
 * offset, and an ordinal, stay lingui's. Applied where messages enter: the server's catalogues (i18n.server.ts), and
 * the areas the browser loads later (app/locales/chunks.ts). Not in the page's shared code: only those need it.
 */
export function withOwnNumbers(messages: Messages): Messages {
  const done = rewritten.get(messages)
  if (done) return done
  const out: Messages = {}
  for (const [id, message] of Object.entries(messages)) {
    out[id] = (Array.isArray(message) ? rewrite(message as Token[], null) : message) as Messages[string]
  }
  rewritten.set(messages, out)
  return out
}

function rewrite(tokens: Token[], plural: string | null): Token[] {
  return tokens.map((token) => {
    if (typeof token === 'string') return token === '#' && plural ? [`${plural}${WRITTEN}`] : token
    const [name, type, format] = token
    if (type === 'number' && format == null) return [`${name}${WRITTEN}`]
    if (!format || typeof format !== 'object') return token
    const cases = Object.entries(format as Record<string, unknown>)
    const inner = type === 'plural' || type === 'selectordinal' ? name : plural
    const written = (value: unknown) => (Array.isArray(value) ? rewrite(value, inner) : value)
    if (type === 'plural' && !('offset' in format)) {
      const exact = cases.filter(([key]) => /^\d+$/.test(key))
      const byCase: Token = [
        `${name}${CASE}`,
        'select',
        Object.fromEntries(cases.filter(([key]) => !/^\d+$/.test(key)).map(([key, value]) => [key, written(value)])),
      ]
      if (exact.length === 0) return byCase
      return [
        name,
        'select',
        { ...Object.fromEntries(exact.map(([key, value]) => [key, written(value)])), other: [byCase] },
      ]
    }
    if (type === 'plural' || type === 'selectordinal' || type === 'select') {
      return [name, type, Object.fromEntries(cases.map(([key, value]) => [key, written(value)]))]
    }
    return token
  })
}
