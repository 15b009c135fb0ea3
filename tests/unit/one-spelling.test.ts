import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

// One spelling per thing (docs/decisions/0006-module-ownership.md sits beside the rule on modules): the outcome
// code `not_found`, `find*` answering null where `get*` throws, one escapeLike (app/lib/like.ts), one notFound() (app/lib/http.server.ts), and components in
// files named after them rather than `*-bits.tsx` grab bags.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(name) ? [full] : []
  })
}

const files = ['app', 'server', 'tests'].flatMap(sourceFiles).filter((f) => !f.endsWith('one-spelling.test.ts'))
const text = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]))
const offenders = (pattern: RegExp, allowed: string[] = []) =>
  [...text].filter(([file, body]) => pattern.test(body) && !allowed.includes(file)).map(([file]) => file)

describe('one spelling per thing', () => {
  test('the scan reads the sources', () => {
    expect(files.length).toBeGreaterThan(100)
  })

  test("an outcome that is not there is 'not_found', never 'not-found'", () => {
    expect(offenders(/['"]not-found['"]/)).toEqual([])
  })

  test('LIKE patterns are escaped by the one escapeLike', () => {
    expect(offenders(/function escapeLike\b|replace\(\/\[\\\\%_\]/, ['app/lib/like.ts'])).toEqual([])
  })

  test('a 404 is thrown by the one notFound()', () => {
    expect(offenders(/function notFound\b|throw data\(null, \{ status: 404 \}\)/, ['app/lib/http.server.ts'])).toEqual(
      [],
    )
  })

  test('a get* function never answers null: that is a find*', () => {
    // An exported get* whose declared answer includes null, across the line breaks of its signature.
    const signature = /export (?:async )?function (get\w*)\([^{]*?\):\s*Promise<[^{]*?\|\s*null\b[^{]*?\{/g
    const found = [...text].flatMap(([file, body]) => [...body.matchAll(signature)].map((m) => `${file}: ${m[1]}`))
    expect(found).toEqual([])
  })

  test('no *-bits.tsx files', () => {
    expect(files.filter((f) => f.endsWith('-bits.tsx'))).toEqual([])
  })
})
