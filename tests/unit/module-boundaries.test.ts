/**
 * Module ownership, as a test (docs/decisions/0006-module-ownership.md).
 *
 * Each module in app/modules/<name>/ owns the tables declared in its tables.server.ts: only the module's own files
 * import that file or name those tables in raw SQL. Other code asks the module through the functions it exports.
 * Read-only joins across modules (admin lists, staff orders, analytics) live in app/queries/, which may read any
 * table but writes none; workflows that change several modules' state (app/workflows/) call the modules' functions.
 * Modules do not import each other in a cycle.
 *
 * Allowed exceptions, and why:
 * - another module's tables.server.ts: a foreign key names the table it references (that import is still an edge of
 *   the module graph, so it may not close a cycle);
 * - db/ (the schema aggregation for drizzle-kit and the typed handle, migrations, the seed) and app/lib/db.server.ts
 *   (which types the handle with db/schema.ts): they are about every table by nature, and are not scanned;
 * - app/queries/: the read-only joins, checked here for not writing;
 * - tests (*.test.ts(x) and tests/, with its factories): they arrange and inspect any table, and are not scanned.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

const root = process.cwd()
const scanned = ['app', 'server', 'scripts']
const modulesDir = 'app/modules'
const queriesDir = 'app/queries'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx|mts|js|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : []
  })
}

/** The module a file belongs to (app/modules/<name>/...), or null. */
function moduleOf(file: string): string | null {
  const match = /^app\/modules\/([^/]+)\//.exec(file)
  return match ? (match[1] as string) : null
}

function isTablesFile(file: string): boolean {
  return /^app\/modules\/[^/]+\/tables\.server\.ts$/.test(file)
}

/** Resolves an import specifier to a project-relative path, or null for packages. */
function resolve(from: string, specifier: string): string | null {
  let target: string
  if (specifier.startsWith('#app/')) target = path.join('app', specifier.slice('#app/'.length))
  else if (specifier.startsWith('#db/')) target = path.join('db', specifier.slice('#db/'.length))
  else if (specifier.startsWith('.')) target = path.join(path.dirname(from), specifier)
  else return null
  return path.normalize(target).split(path.sep).join('/')
}

type ImportRef = { target: string; typeOnly: boolean }
type SqlText = { text: string; line: number }

type Parsed = { imports: ImportRef[]; sqlTexts: SqlText[]; writes: string[] }

/** The names a file imports from tables.server.ts files (the tables it can write with .insert/.update/.delete). */
function tableBindings(source: ts.SourceFile, file: string): Set<string> {
  const names = new Set<string>()
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue
    const target = resolve(file, statement.moduleSpecifier.text)
    const bindings = statement.importClause?.namedBindings
    if (!target || !isTablesFile(target) || !bindings || !ts.isNamedImports(bindings)) continue
    for (const element of bindings.elements) names.add(element.name.text)
  }
  return names
}

function isSqlTag(tag: ts.Expression): boolean {
  return ts.isIdentifier(tag) && tag.text === 'sql'
}

function templateText(template: ts.TemplateLiteral): string {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text
  return [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ? ')
}

function parse(file: string): Parsed {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const imports: ImportRef[] = []
  const sqlTexts: SqlText[] = []
  const writes: string[] = []
  const tables = tableBindings(source, file)
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
  const addImport = (specifier: ts.Expression | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return
    const target = resolve(file, specifier.text)
    if (target) imports.push({ target, typeOnly })
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)))
      addImport(node.moduleSpecifier, typeOnly)
    } else if (ts.isExportDeclaration(node)) {
      addImport(node.moduleSpecifier, node.isTypeOnly)
    } else if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) addImport(node.arguments[0], false)
      const callee = node.expression
      // sql.raw('...') and db.execute('...') take SQL as a plain string.
      if (ts.isPropertyAccessExpression(callee) && ['raw', 'execute'].includes(callee.name.text)) {
        const first = node.arguments[0]
        if (first && ts.isStringLiteralLike(first)) sqlTexts.push({ text: first.text, line: lineOf(first) })
      }
      const written = node.arguments[0]
      if (
        ts.isPropertyAccessExpression(callee) &&
        ['insert', 'update', 'delete'].includes(callee.name.text) &&
        written &&
        ts.isIdentifier(written) &&
        tables.has(written.text)
      ) {
        writes.push(`${file}:${lineOf(node)}: .${callee.name.text}(`)
      }
    } else if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      sqlTexts.push({ text: templateText(node.template), line: lineOf(node) })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { imports, sqlTexts, writes }
}

/** Every module's tables, by SQL name, read from the pgTable('name', ...) calls of its tables.server.ts. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>()
  for (const name of readdirSync(modulesDir)) {
    const file = path.join(modulesDir, name, 'tables.server.ts')
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    for (const match of text.matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)) owners.set(match[1] as string, name)
  }
  return owners
}

/** Table names that a piece of SQL text reads or writes: after from/join/update/into, or as "table"."column". */
function tablesNamed(text: string, owners: Map<string, string>): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(/\b(?:from|join|update|into|table)\s+"?([a-z0-9_]+)"?/gi)) {
    const name = (match[1] as string).toLowerCase()
    if (owners.has(name)) found.add(name)
  }
  for (const match of text.matchAll(/"([a-z0-9_]+)"\s*\./g)) {
    const name = match[1] as string
    if (owners.has(name)) found.add(name)
  }
  return [...found]
}

const files = scanned.flatMap((dir) => sourceFiles(path.join(root, dir)).map((file) => path.relative(root, file)))
const parsed = new Map(files.map((file) => [file, parse(file)]))
const owners = tableOwners()

function tableImportFindings(): string[] {
  const findings: string[] = []
  for (const [file, { imports }] of parsed) {
    if (file.startsWith(`${queriesDir}/`)) continue
    const own = moduleOf(file)
    for (const { target } of imports) {
      if (target === 'db/schema.ts' && file !== 'app/lib/db.server.ts') {
        findings.push(`${file} imports every module's tables (db/schema.ts)`)
        continue
      }
      if (!isTablesFile(target)) continue
      const owner = moduleOf(target)
      if (owner === own) continue
      if (isTablesFile(file)) continue // a foreign key names the table it references
      findings.push(`${file} imports ${owner}'s tables (${target})`)
    }
  }
  return findings.sort()
}

function rawSqlFindings(): string[] {
  const findings: string[] = []
  for (const [file, { sqlTexts }] of parsed) {
    if (file.startsWith(`${queriesDir}/`)) continue
    const own = moduleOf(file)
    for (const { text, line } of sqlTexts) {
      for (const table of tablesNamed(text, owners)) {
        const owner = owners.get(table)
        if (owner !== own) findings.push(`${file}:${line} names ${owner}'s table ${table} in raw SQL`)
      }
    }
  }
  return findings.sort()
}

/** Module -> module -> the imports that make the edge ("file -> target"). Test files are not part of the graph. */
function moduleGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>()
  for (const [file, { imports }] of parsed) {
    const from = moduleOf(file)
    if (!from) continue
    for (const { target } of imports) {
      const to = moduleOf(target)
      if (!to || to === from) continue
      const edges = graph.get(from) ?? new Map<string, string[]>()
      graph.set(from, edges)
      edges.set(to, [...(edges.get(to) ?? []), `${file} -> ${target}`])
    }
  }
  return graph
}

/** Strongly connected components of more than one module (Tarjan), each listed with the imports inside it. */
function cycleFindings(): string[] {
  const graph = moduleGraph()
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  let next = 0
  const connect = (node: string): void => {
    index.set(node, next)
    low.set(node, next)
    next++
    stack.push(node)
    onStack.add(node)
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        connect(to)
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number))
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) as number, index.get(to) as number))
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop() as string
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) components.push(component.sort())
    }
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node)
  return components.map((component) => {
    const inside = component.flatMap((from) =>
      [...(graph.get(from) ?? new Map<string, string[]>())]
        .filter(([to]) => component.includes(to))
        .flatMap(([, edges]) => edges),
    )
    return `cycle ${component.join(' <-> ')}:\n    ${inside.sort().join('\n    ')}`
  })
}

describe('module boundaries', () => {
  test('the scan sees the modules and their tables', () => {
    // Guards the guard: a broken scan that finds no files or tables would make every other test pass.
    expect(files.length).toBeGreaterThan(100)
    expect(owners.get('product_variants')).toBe('catalog')
    expect(owners.get('vendors')).toBe('vendors')
    expect(owners.get('orders')).toBe('orders')
    expect(tablesNamed('select stock from product_variants where id = $1', owners)).toEqual(['product_variants'])
    expect(tablesNamed('v.product_id = "products"."id"', owners)).toEqual(['products'])
    expect(moduleGraph().size).toBeGreaterThan(3)
  })

  test("no file outside a module imports that module's tables", () => {
    expect(tableImportFindings()).toEqual([])
  })

  test("no file outside a module names that module's tables in raw SQL", () => {
    expect(rawSqlFindings()).toEqual([])
  })

  test('modules do not import each other in a cycle', () => {
    expect(cycleFindings()).toEqual([])
  })

  test('the read-only queries write nothing', () => {
    const writes = [...parsed].filter(([file]) => file.startsWith(`${queriesDir}/`)).flatMap(([, { writes }]) => writes)
    expect(writes).toEqual([])
  })
})
