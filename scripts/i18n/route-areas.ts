import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { areasOf, readCatalogue } from './catalogues.ts'

/**
 * Which catalogue areas a route's page reads, found in its code: every message id named in the route module and
 * in the browser-side modules it imports (not `*.server.ts`, whose texts are e-mails, SMS or already translated
 * when they reach the page), with a template id (`orders.method.${m}`) counting for every id it can become.
 * A route names at least these areas in its `handle.i18n` (a test checks it: scripts/i18n/catalogues.test.ts).
 */

export type RouteAreas = { file: string; areas: string[]; why: Map<string, string[]> }

const ID_LITERAL = /['"`]([a-z][A-Za-z]*\.[\w.-]+)['"`]/g
const ID_TEMPLATE = /`([a-z][A-Za-z]*\.[\w.-]*)\$\{/g
const IMPORT = /^(?!import type)[^\n]*?(?:from|import)\s*\(?\s*'([^']+)'/gm

function withoutComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join('\n')
}

function resolveImport(appDir: string, from: string, spec: string): string | null {
  let base: string
  if (spec.startsWith('#app/')) base = path.join(appDir, spec.slice('#app/'.length))
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec)
  else return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** The route modules that `app/routes.ts` declares, relative to `app/`. */
export function routeFiles(appDir: string): string[] {
  const routes = readFileSync(path.join(appDir, 'routes.ts'), 'utf8')
  return [...new Set([...routes.matchAll(/'(routes\/[^']+\.tsx?)'/g)].map((m) => m[1] as string))]
}

export function findRouteAreas(appDir: string): RouteAreas[] {
  const localesDir = path.join(appDir, 'locales')
  const areaOfId = new Map<string, string>()
  for (const area of areasOf(localesDir)) {
    for (const id of readCatalogue(path.join(localesDir, 'en', `${area}.po`)).keys()) areaOfId.set(id, area)
  }
  const ids = [...areaOfId.keys()]
  return routeFiles(appDir).map((file) => {
    const why = new Map<string, string[]>()
    const note = (area: string, where: string) => {
      const list = why.get(area) ?? []
      if (!list.includes(where)) list.push(where)
      why.set(area, list)
    }
    const seen = new Set<string>()
    const stack = [path.join(appDir, file)]
    while (stack.length > 0) {
      const current = stack.pop() as string
      if (seen.has(current)) continue
      seen.add(current)
      const text = withoutComments(readFileSync(current, 'utf8'))
      const where = path.relative(appDir, current)
      for (const m of text.matchAll(IMPORT)) {
        const target = resolveImport(appDir, current, m[1] as string)
        if (!target || target.endsWith('.server.ts') || target.includes(`${path.sep}locales${path.sep}`)) continue
        stack.push(target)
      }
      for (const m of text.matchAll(ID_LITERAL)) {
        const area = areaOfId.get(m[1] as string)
        if (area) note(area, `${where}: ${m[1]}`)
      }
      for (const m of text.matchAll(ID_TEMPLATE)) {
        const prefix = m[1] as string
        for (const id of ids) if (id.startsWith(prefix)) note(areaOfId.get(id) as string, `${where}: ${prefix}…`)
      }
    }
    return { file, areas: [...why.keys()].sort(), why }
  })
}

/** The areas a route module names in `export const handle = { i18n: [...] }`, or null when it has none. */
export function declaredAreas(appDir: string, file: string): string[] | null {
  const text = readFileSync(path.join(appDir, file), 'utf8')
  const m = text.match(/export const handle = \{\s*i18n: \[([^\]]*)\],?\s*\}/)
  if (!m) return null
  return [...(m[1] as string).matchAll(/'([\w-]+)'/g)].map((x) => x[1] as string)
}
