// The HTML weight of the storefront's pages in each language (issue 14), against a running Isoko:
//   npm run bench:html                       http://localhost:3000
//   npm run bench:html -- http://127.0.0.1:3300
// For /, /products and the first product's page, in English, Kinyarwanda and French: the bytes of the HTML as
// served (raw, gzip, brotli), the bytes of the page's messages (the JSON in <script id="isoko-messages">), and what
// the page would weigh if it still carried its language's whole catalogue, as every page did before per-page
// messages. Figures go in docs/benchmarks.md.
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { readCompiledCatalogues } from '../app/lib/po-files.server.ts'

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/+$/, '')
const languages = ['en', 'rw', 'fr'] as const

const modules = readCompiledCatalogues(path.resolve(import.meta.dirname, '../app/locales'))
/** A language's whole catalogue as the page's JSON would carry it (the same escaping as scriptJson). */
function wholeCatalogueJson(locale: string): string {
  const messages = {}
  for (const [file, module] of Object.entries(modules)) {
    if (file.startsWith(`../locales/${locale}/`)) Object.assign(messages, module.messages)
  }
  return JSON.stringify({ locale, messages }).replace(/</g, '\\u003c')
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const brotli = (s: string) =>
  brotliCompressSync(Buffer.from(s), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
const gzip = (s: string) => gzipSync(Buffer.from(s), { level: 9 }).length

async function page(pathname: string, locale: string): Promise<string> {
  const response = await fetch(`${base}${pathname}`, { headers: { cookie: `lang=${locale}` } })
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}`)
  return response.text()
}

const listing = await page('/products', 'en')
const product = listing.match(/href="(\/products\/[a-z0-9-]+)"/)?.[1]
if (!product) throw new Error('No product link on /products')
const paths = ['/', '/products', product]

console.log(`HTML of the storefront's pages at ${base}, per language (brotli quality 11, gzip level 9)\n`)
console.log('| page | language | HTML raw | gzip | brotli | messages (raw) | with the whole catalogue: raw | brotli |')
console.log('|---|---|---|---|---|---|---|---|')
for (const pathname of paths) {
  for (const locale of languages) {
    const html = await page(pathname, locale)
    const json = html.match(/<script id="isoko-messages" type="application\/json">([\s\S]*?)<\/script>/)?.[1] ?? ''
    const before = html.replace(json, wholeCatalogueJson(locale))
    const name = pathname === product ? 'a product page' : pathname
    console.log(
      `| ${name} | ${locale} | ${kb(Buffer.byteLength(html))} | ${kb(gzip(html))} | ${kb(brotli(html))} | ${kb(Buffer.byteLength(json))} | ${kb(Buffer.byteLength(before))} | ${kb(brotli(before))} |`,
    )
  }
}
