/**
 * Search and listings over a large catalogue: `npm run bench:search` (or `npx tsx scripts/bench-search.ts`).
 *
 * Creates a PostgreSQL database (on the server of DATABASE_URL, default the local `postgres` database), migrates
 * it and seeds --products products (default 1,000,000) in SQL (INSERT ... SELECT over generate_series): a few
 * hundred stores (most approved), a three-level category tree, titles of realistic words ('kitenge' and 'dress' in
 * a minority of them), 1-3 variants each with sizes, colours and stock, a Kinyarwanda translation for one product
 * in twenty. The read model's triggers are switched off for the bulk insert, which fills `listed`, `search_extra`
 * and the words tables (search_words, search_lexemes) itself, and the indexes are built after the rows (both much faster than row by row). Then
 * ANALYZE, and the module functions are timed --runs times (default 20) each after one cold run and a few untimed
 * ones (see WARM_RUNS):
 * no filter, a department, an item sorted by price, q=kitenge, q=dress, the typo q=kitnge, sort by price, page
 * 2000, facet filters, the suggestions and the home page's figures. Reported per case: the cold run, p50 and p95
 * end to end (the function's wall time) and p50 and p95 database time (the sum of the times of its queries, timed
 * at the pool; queries run in parallel, so this can exceed the wall time).
 *
 * --keep keeps the database (isoko_bench_search) and reuses it on the next run when it holds the products asked
 * for; without it the database is dropped at the end. --only <text> times only the cases whose label holds it, and
 * BENCH_VERBOSE=1 prints every run's time.
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { appModules } from './app-modules.ts'

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '20' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
})
const productCount = Number(values.products)
const runs = Number(values.runs)
if (!Number.isInteger(productCount) || productCount < 1000 || !Number.isInteger(runs) || runs < 1) {
  throw new Error('--products must be an integer of at least 1000 and --runs a positive integer')
}

const { vite, load } = await appModules()

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const name = values.keep ? 'isoko_bench_search' : `isoko_bench_search_${Date.now().toString(36)}`
async function admin<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}
const dbUrl = new URL(adminUrl)
dbUrl.pathname = `/${name}`
// A kept database is reused when it holds the products asked for; otherwise (or after a seed that did not finish,
// which may have left it without its indexes) it is made again from scratch.
async function seededCount(): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl.toString() })
  try {
    await client.connect()
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from products where exists (select 1 from pg_indexes where indexname = 'products_listed_featured_idx')`,
    )
    return Number(rows[0]?.n ?? 0)
  } catch {
    return -1
  } finally {
    await client.end().catch(() => undefined)
  }
}
const reuse =
  (await admin(`select 1 from pg_database where datname = '${name}'`)).length > 0 &&
  (await seededCount()) === productCount
if (!reuse) {
  await admin(`drop database if exists ${name}`)
  await admin(`create database ${name}`)
}

const { connectDatabase } = await load<typeof import('#app/lib/db.server.ts')>('/app/lib/db.server.ts')
const catalog = await load<typeof import('#app/modules/catalog/catalog.server.ts')>(
  '/app/modules/catalog/catalog.server.ts',
)
const home = await load<typeof import('#app/modules/catalog/storefront-home.server.ts')>(
  '/app/modules/catalog/storefront-home.server.ts',
)
const { clearListingCaches } = await load<typeof import('#app/lib/listing-cache.server.ts')>(
  '/app/lib/listing-cache.server.ts',
)
const { parseProductFilters } = await load<typeof import('#app/modules/catalog/catalog.schemas.ts')>(
  '/app/modules/catalog/catalog.schemas.ts',
)

const connection = connectDatabase({ url: dbUrl.toString() })
await connection.migrate()
const ctx = { db: connection.db }

// One client for the seed's statements (session settings stay on it).
const seed = new pg.Client({ connectionString: dbUrl.toString() })
await seed.connect()
const run = async (label: string, text: string) => {
  const started = performance.now()
  await seed.query(text)
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

if (!reuse) {
  console.log(`Seeding ${productCount.toLocaleString('en')} products into ${name}...`)
  const t0 = performance.now()
  await seed.query('set maintenance_work_mem = $$512MB$$')
  await seed.query('set synchronous_commit = off')
  // The indexes of products and variants are dropped and built again after the rows.
  const indexes = (
    await seed.query<{ indexdef: string; indexname: string }>(
      `select indexname, indexdef from pg_indexes where tablename in ('products', 'product_variants', 'search_words')
       and indexname not like '%_pkey'`,
    )
  ).rows
  for (const i of indexes) await seed.query(`drop index ${i.indexname}`)
  // Bulk rows skip the read model's triggers: the INSERTs below compute listed and search_extra themselves.
  await seed.query('set session_replication_role = replica')

  await run(
    'categories',
    `insert into categories (slug, name, level, position, parent_id)
     select lower(d), d, 0, o, null from unnest(array['Women','Men','Kids','Home','Beauty','Shoes','Bags','Electronics']) with ordinality as t(d, o);
     insert into categories (slug, name, level, position, parent_id)
     select p.slug || '-' || lower(g), g, 1, o, p.id from categories p,
       unnest(array['Clothing','Traditional','Accessories']) with ordinality as t(g, o) where p.level = 0;
     insert into categories (slug, name, level, position, parent_id)
     select p.slug || '-' || lower(replace(i, ' ', '-')), i, 2, o, p.id from categories p,
       unnest(case split_part(p.slug, '-', 2)
         when 'clothing' then array['Dresses','Skirts','Shirts','Trousers','Jackets']
         when 'traditional' then array['Kitenge Fabrics','Umushanana','Imigongo Art','Baskets','Jewellery']
         else array['Watches','Belts','Scarves','Hats','Wallets'] end) with ordinality as t(i, o)
     where p.level = 1;`,
  )
  await run(
    'vendors',
    `insert into vendors (name, slug, owner_name, email, phone, description, about, business_address, district, city,
       policies, response_time, avatar_colours, status)
     select (array['Kigali','Musanze','Huye','Rubavu','Nyanza','Rwamagana'])[1 + v % 6] || ' ' ||
            (array['Threads','Crafts','Styles','Market','Boutique','Atelier','House','Traders'])[1 + (v / 6) % 8] || ' ' || v,
            'store-' || v, 'Owner ' || v, 'store' || v || '@example.rw', '+250788' || lpad(v::text, 6, '0'),
            'A shop', 'About the shop', 'KN 1 St', 'Gasabo', 'Kigali',
            '{"returns":"30 days","shipping":"Free","warranty":"None"}', '1 hour', '["#0f766e","#f59e0b"]',
            case when v % 25 = 0 then 'suspended' when v % 31 = 0 then 'pending' else 'approved' end
     from generate_series(1, 400) v`,
  )
  // Every row's choices come from independent hashes of its number (hashint8extended with a different seed each),
  // so that no word, rating, store or category goes with another. Titles: adjective colour noun, 2% of them a
  // kitenge, 3% a dress; 5% of the products have a featured score; two in three have reviews.
  await run(
    'products',
    `create temporary table category_words as select id, isoko_category_words(id) as words from categories;
     with items as (select array_agg(id order by id) a from categories where level = 2),
     words as (select
       array['Handmade','Elegant','Classic','Modern','Bright','Soft','Light','Warm','Woven','Printed','Vintage','Simple'] adj,
       array['Red','Blue','Green','Black','White','Yellow','Orange','Purple','Brown','Grey'] col,
       array['Shirt','Skirt','Trousers','Jacket','Scarf','Hat','Bag','Basket','Necklace','Bracelet','Watch','Belt','Wallet','Sandals','Shoes','Lamp','Cushion','Mug','Bowl','Soap'] noun)
     insert into products (vendor_id, category_id, title, slug, description, price, compare_at_price, status,
       rating_sum, review_count, featured_score, created_at, listed, search_extra)
     select v.id, h.category, t.title, 'p-' || i,
       t.title || ' made in Rwanda. ' || (array['Good for every day.','A gift for a wedding.','Cotton and care.','Sewn in Kigali by hand.'])[1 + h.h6 % 4],
       h.price, case when h.h6 % 9 = 0 then h.price + 2000 end,
       h.status,
       h.reviews * (1 + h.h8 % 5), h.reviews,
       case when h.h4 % 100 < 5 then 1 + h.h4 % 50 else 0 end,
       now() - (i || ' seconds')::interval,
       h.status = 'active' and v.status = 'approved',
       concat_ws(' ', v.name, cw.words, case when i % 20 = 0 then 'Umwambaro mwiza ' || t.title end)
     from generate_series(1, ${productCount}) i
     cross join items cross join words
     cross join lateral (select abs(hashint8extended(i, 1)) % 1000003 as h1, abs(hashint8extended(i, 2)) % 1000003 as h2,
       abs(hashint8extended(i, 3)) % 1000003 as h3, abs(hashint8extended(i, 4)) % 1000003 as h4,
       abs(hashint8extended(i, 5)) % 1000003 as h5, abs(hashint8extended(i, 6)) % 1000003 as h6,
       abs(hashint8extended(i, 7)) % 1000003 as h7, abs(hashint8extended(i, 8)) % 1000003 as h8) r
     cross join lateral (select r.*,
       items.a[1 + (r.h5 % array_length(items.a, 1))::int] as category,
       1 + (r.h7 % 400)::int as vendor,
       500 + (r.h2 % 1000)::int * 250 as price,
       case when r.h8 % 3 = 0 then 0 else 1 + ((r.h8 / 3) % 7)::int end as reviews,
       case when r.h6 % 50 = 0 then 'draft' when r.h6 % 97 = 0 then 'archived' else 'active' end as status) h
     cross join lateral (select case
         when h.h1 % 100 < 2 then words.adj[1 + (h.h2 % 12)::int] || ' Kitenge ' || words.noun[1 + (h.h3 % 20)::int]
         when h.h1 % 100 < 5 then words.adj[1 + (h.h2 % 12)::int] || ' ' || words.col[1 + (h.h3 % 10)::int] || ' Dress'
         else words.adj[1 + (h.h2 % 12)::int] || ' ' || words.col[1 + (h.h3 % 10)::int] || ' ' || words.noun[1 + (h.h4 % 20)::int]
       end as title) t
     join vendors v on v.id = h.vendor
     join category_words cw on cw.id = h.category`,
  )
  await run(
    'translations',
    `insert into product_translations (product_id, locale, title, description)
     select id, 'rw', 'Umwambaro mwiza ' || title, 'Byakozwe mu Rwanda.' from products where id % 20 = 0`,
  )
  await run(
    'variants',
    `insert into product_variants (product_id, size, colour, sku, stock, position)
     select p.id, (array['XS','S','M','L','XL','XXL'])[1 + (p.id + k) % 6],
       (array['Red','Blue','Green','Black','White','Yellow','Orange','Purple'])[1 + (p.id * 3 + k) % 8],
       'sku-' || p.id || '-' || k, case when (p.id + k) % 4 = 0 then 0 else (p.id % 20) + 1 end, k
     from products p cross join lateral generate_series(1, 1 + p.id % 3) k`,
  )
  await run(
    'words',
    `insert into search_words (word) select word from ts_stat($$select to_tsvector('simple', isoko_unaccent(title)) from products$$)
     where length(word) >= 3 and word !~ '^[0-9]+$'`,
  )
  await run(
    'lexemes',
    `insert into search_lexemes (word) select word from ts_stat($$select search_doc from products$$)`,
  )
  await seed.query('set session_replication_role = origin')
  await run('indexes', indexes.map((i) => `${i.indexdef};`).join('\n'))
  await run('vacuum analyze', 'vacuum analyze')
  console.log(`Seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`)
} else {
  console.log(`Reusing ${name} (${productCount.toLocaleString('en')} products)`)
  await seed.query('analyze')
}
await seed.end()

// Database time: every query the pool runs is timed.
type Queryable = { query: (...args: unknown[]) => Promise<unknown> }
const pool = (connection.db as unknown as { $client: Queryable }).$client
let dbMs = 0
const original = pool.query.bind(pool)
pool.query = async (...args: unknown[]) => {
  const started = performance.now()
  try {
    return await original(...args)
  } finally {
    dbMs += performance.now() - started
  }
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}
const list = (query: string) => () => catalog.listProducts(ctx, parseProductFilters(new URLSearchParams(query)))
const cases: [string, () => Promise<unknown>][] = [
  ['no filter', list('')],
  ['a department (women)', list('category=women')],
  ['an item, by price', list('category=women&subcategory=women-clothing-dresses&sort=price-low')],
  ['q=kitenge', list('q=kitenge')],
  ['q=dress', list('q=dress')],
  ['q=kitnge (typo)', list('q=kitnge')],
  ['q=red dress, by rating', list('q=red+dress&sort=rating')],
  ['sort by price', list('sort=price-low')],
  ['page 2000', list('page=2000')],
  ['size M, colour Red, in stock, 4+', list('category=women&size=M&colour=Red&stock=on&rating=4')],
  ['suggestSearch kit', () => catalog.suggestSearch(ctx, 'kit', 'en')],
  [
    'home figures',
    () =>
      Promise.all([
        home.countPublicProducts(ctx),
        home.countProductsByDepartment(ctx),
        catalog.listPopularProducts(ctx, 'en', 8),
      ]),
  ],
]

const WARM_RUNS = 5

clearListingCaches()
const f = (x: number) => x.toFixed(1).padStart(7)
console.log(`\n${runs} runs each after a cold one (caches empty at the start); times in ms`)
console.log(`${'case'.padEnd(36)}   cold  e2e p50  e2e p95   db p50   db p95`)
for (const [label, fn] of cases) {
  if (values.only && !label.includes(values.only)) continue
  dbMs = 0
  const c0 = performance.now()
  await fn()
  const cold = performance.now() - c0
  // Untimed runs, two at a time, until the pool's connections have run the case: a new PostgreSQL backend pays a
  // page fault for its first touch of each shared buffer (30-40 ms for the 3,000 buffers of a search's ranking pool
  // here) and loads the text search dictionaries, costs a running server's connections paid long ago (they are
  // kept for minutes, db.server.ts).
  for (let i = 0; i < WARM_RUNS; i++) await Promise.all([fn(), fn()])
  const wall: number[] = []
  const db: number[] = []
  for (let i = 0; i < runs; i++) {
    dbMs = 0
    const started = performance.now()
    await fn()
    wall.push(performance.now() - started)
    db.push(dbMs)
  }
  if (process.env.BENCH_VERBOSE) console.log(wall.map((w) => w.toFixed(1)).join(' '))
  console.log(
    `${label.padEnd(36)}${f(cold)}  ${f(percentile(wall, 50))}  ${f(percentile(wall, 95))}  ${f(percentile(db, 50))}  ${f(percentile(db, 95))}`,
  )
}
const kitenge = await list('q=kitenge')()
const typo = await list('q=kitnge')()
const deep = await list('page=2000')()
console.log(
  `\nq=kitenge: ${kitenge.total}${kitenge.totalCapped ? '+' : ''} found; q=kitnge: did you mean ${typo.didYouMean}, ${typo.total}${typo.totalCapped ? '+' : ''} found; page=2000 gives page ${deep.page} of ${deep.pageCount}`,
)

await connection.close()
await vite.close()
if (!values.keep) await admin(`drop database ${name}`)
