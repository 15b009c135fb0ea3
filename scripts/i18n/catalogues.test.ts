import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { checkLocale, idAreasSource, messageIdsSource, TRANSLATED } from './catalogues.ts'
import { declaredAreas, findRouteAreas } from './route-areas.ts'

const appDir = path.resolve(import.meta.dirname, '../../app')
const localesDir = path.join(appDir, 'locales')

describe('the catalogues in every language', () => {
  test.each(TRANSLATED)('%s has every id, none empty, with the placeholders and plural cases of English', (locale) => {
    const problems = checkLocale(localesDir, locale).map((p) => `${p.area}.po ${p.id}: ${p.problem}`)
    expect(problems).toEqual([])
  })

  test('app/locales/message-ids.ts and id-areas.ts follow the English catalogues (npm run i18n:ids writes them)', () => {
    expect(readFileSync(path.join(localesDir, 'message-ids.ts'), 'utf8')).toBe(messageIdsSource(localesDir))
    expect(readFileSync(path.join(localesDir, 'id-areas.ts'), 'utf8')).toBe(idAreasSource(localesDir))
  })
})

describe("each page's messages", () => {
  // A page ships the areas its routes name (entry.server.tsx): a route that reads an id of an area it does not
  // name would show the id. The areas come from the ids in the route's code and the browser-side modules it
  // imports (scripts/i18n/route-areas.ts); a layout's areas count for the routes below it.
  const layouts: Record<string, string> = {
    'routes/account/': 'routes/account/customer-layout.tsx',
    'routes/vendor/': 'routes/vendor/layout.tsx',
    'routes/admin/': 'routes/admin/layout.tsx',
  }
  test.each(findRouteAreas(appDir).filter((r) => r.file.endsWith('.tsx')))('$file names the areas it reads', (r) => {
    const layout = Object.entries(layouts).find(([prefix]) => r.file.startsWith(prefix))?.[1]
    const named = new Set([
      'common',
      ...(declaredAreas(appDir, r.file) ?? []),
      ...(layout && layout !== r.file ? (declaredAreas(appDir, layout) ?? []) : []),
    ])
    const missing = r.areas
      .filter((area) => !named.has(area))
      .map((area) => `${area} (${(r.why.get(area) ?? []).slice(0, 2).join('; ')})`)
    expect(missing).toEqual([])
  })
})
