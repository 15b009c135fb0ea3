/**
 * The product CSV import at its row limit: `npm run bench:product-csv` (or `npx tsx scripts/bench-product-csv.ts`).
 *
 * Seeds a category tree and one store, then for each run makes a new 5,000-row file (1,000 products of 5 sizes,
 * new handles and SKUs) and times, as the import page does them: the preview (parse the file, plan it against the
 * catalogue) and the apply (plan again under the store's lock and write every row in one transaction); then the
 * preview of the same file again, now that every row exists (the re-import of an export). Photos are left out:
 * encoding them is `npm run bench:images`' business. Prints each run and the median of each step, in milliseconds.
 * Uses PostgreSQL when DATABASE_URL is set (migrated here; give it an empty database: the script adds rows),
 * otherwise an in-memory PGlite. Options: --runs N (default 5), --rows N (default 5000).
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { appModules } from './app-modules.ts'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, rows: { type: 'string', default: '5000' } },
})
const runs = Number(values.runs)
const rows = Number(values.rows)
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(rows) || rows < 5 || rows > 5000) {
  throw new Error('--runs must be a positive integer and --rows an integer from 5 to 5000')
}

// The import reads the configuration (upload limits), which wants a session secret next to DATABASE_URL: none is
// used here.
process.env.SESSION_SECRET ||= 'bench-product-csv-signs-nothing-0123456789abcdef'
const { vite, load } = await appModules()
const { connectDatabase } = await load<typeof import('#app/lib/db.server.ts')>('/app/lib/db.server.ts')
const { createCategory } = await load<typeof import('#app/modules/catalog/catalog-admin.server.ts')>(
  '/app/modules/catalog/catalog-admin.server.ts',
)
const csvModule = await load<typeof import('#app/modules/catalog/product-csv.ts')>(
  '/app/modules/catalog/product-csv.ts',
)
const importer = await load<typeof import('#app/modules/catalog/product-import.server.ts')>(
  '/app/modules/catalog/product-import.server.ts',
)
const { makeVendor } = await load<typeof import('#tests/shop.ts')>('/tests/shop.ts')

const url = process.env.DATABASE_URL || undefined
const connection = url ? connectDatabase({ url }) : connectDatabase({ dataDir: 'memory://' })
const ctx = { db: connection.db }

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

/** A file of `rows` rows: products of five sizes each, in the semicolon form French spreadsheets write. */
function file(run: string): string {
  const lines = [csvModule.PRODUCT_CSV_COLUMNS.join(';')]
  for (let i = 0; i < rows; i++) {
    const p = Math.floor(i / 5)
    const first = i % 5 === 0
    lines.push(
      [
        `bench-${run}-${p}`,
        first ? `Wholesale cotton shirt ${run} ${p}` : '',
        first ? '"Cotton shirt; made in Kigali, washed twice."' : '',
        first ? 'Men > Clothing > Shirts' : '',
        first ? '12.500' : '',
        first ? '15 000' : '',
        first ? 'draft' : '',
        '',
        ['S', 'M', 'L', 'XL', 'XXL'][i % 5],
        'White',
        `B${run}-${i}`.toUpperCase(),
        String(i % 40),
        i % 5 === 4 ? '14 000' : '',
        '',
        '',
      ].join(';'),
    )
  }
  return lines.join('\r\n')
}

try {
  await connection.migrate()
  const men = await createCategory(ctx, { slug: `bench-men-${Date.now()}`, name: 'Men', level: 0 })
  const clothing = await createCategory(ctx, {
    slug: `bench-men-clothing-${Date.now()}`,
    name: 'Clothing',
    level: 1,
    parentId: men.id,
  })
  await createCategory(ctx, { slug: `bench-shirts-${Date.now()}`, name: 'Shirts', level: 2, parentId: clothing.id })
  const vendor = await makeVendor(ctx, `bench-csv-${Date.now().toString(36)}`)

  const previewOf = async (csv: string) => {
    const parsed = csvModule.parseProductCsv(csv)
    if (!parsed.ok) throw new Error(`file refused: ${parsed.code}`)
    const input = { vendorId: vendor.id, products: parsed.products, errors: parsed.errors, files: new Map() }
    const preview = await importer.previewProductImport(ctx, input)
    if (preview.errors.length) throw new Error(`errors: ${JSON.stringify(preview.errors.slice(0, 3))}`)
    return { input, preview }
  }

  const times = { preview: [] as number[], apply: [] as number[], again: [] as number[] }
  console.log(`Product CSV import, ${rows} rows (${rows / 5} products × 5 sizes), ${url ? 'PostgreSQL' : 'PGlite'}`)
  for (let r = 0; r < runs; r++) {
    const run = `${r}${Date.now().toString(36)}`
    const csv = file(run)
    let started = performance.now()
    const { input } = await previewOf(csv)
    times.preview.push(performance.now() - started)
    started = performance.now()
    const applied = await importer.applyProductImport(ctx, { ...input, stored: new Map() })
    if (!applied.ok || applied.counts.variantsCreated !== rows) throw new Error('apply failed')
    times.apply.push(performance.now() - started)
    started = performance.now()
    const again = await previewOf(csv)
    if (again.preview.counts.productsUnchanged !== rows / 5) throw new Error('the re-import is not a no-op')
    times.again.push(performance.now() - started)
    console.log(
      `  run ${r + 1}: preview ${times.preview[r]?.toFixed(0)} ms, apply ${times.apply[r]?.toFixed(0)} ms, ` +
        `preview of the same file again ${times.again[r]?.toFixed(0)} ms`,
    )
  }
  console.log(
    `median of ${runs}: preview ${median(times.preview).toFixed(0)} ms, apply ${median(times.apply).toFixed(0)} ms, ` +
      `preview again ${median(times.again).toFixed(0)} ms`,
  )
} finally {
  await connection.close()
  await vite.close()
}
