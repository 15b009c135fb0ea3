// The demo catalogue: categories, stores, customers, products with variants and pictures, reviews and follows.
// `npm run db:seed` migrates, then seeds an empty database (`--reset` empties it first, `--products N` sizes the
// catalogue). The server calls `seedDatabase` on its first start. Deterministic: the same options give the same
// rows, ids and files every time.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { en, Faker } from '@faker-js/faker'
import { sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { type AccountsContext, createAccountDirect } from '#app/modules/accounts/accounts.server.ts'
import { createAuth } from '#app/modules/accounts/auth.server.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#app/modules/accounts/demo-accounts.server.ts'
import {
  type AddReviewInput,
  addReviews,
  type CreateProductInput,
  countCategories,
  createCategory,
  createProducts,
} from '#app/modules/catalog/catalog-admin.server.ts'
import { countCustomers, createCustomer } from '#app/modules/customers/customers.server.ts'
import {
  countVendors,
  createVendor,
  type FollowVendorInput,
  followVendors,
  setVendorOwner,
} from '#app/modules/vendors/vendors-admin.server.ts'
import { fakeCustomer, fakeRwandanPhone } from '#tests/factories/customers.ts'
import { fakeProduct } from '#tests/factories/products.ts'
import { fakeReview, reviewKindOf } from '#tests/factories/reviews.ts'
import { fakeVendor } from '#tests/factories/vendors.ts'
import { DEPARTMENTS, type FlatItem, flattenItems, slugify } from './catalogue.ts'
import { categoryNamesOf } from './category-names.ts'
import { type DemoSaleProduct, seedDemoMoney } from './demo-money.ts'
import {
  bannerImageJob,
  type ImageJob,
  pooledColours,
  productImageJobs,
  productImageKey,
  productPlaceholder,
  storeImages,
} from './images.ts'
import { GRADIENTS, VENDOR_SEEDS } from './vendors-data.ts'

/** The seed's "now": dates are spread before it, never taken from the clock. 1 November 2026, Kigali (UTC+2). */
export const SEED_NOW = new Date('2026-11-01T10:00:00+02:00')
/** The demo mall opened in February 2025: no store, customer or review is older (a store is at most a year or so on Isoko). */
export const ISOKO_OPENED = new Date('2025-02-03T08:00:00+02:00')
export const SEED = 20_261_101
export const DEFAULT_PRODUCTS = 420
export const CUSTOMERS = 600

export type SeedOptions = {
  /** How many products (default 420, of which a few belong to pending stores and are not shown); 100,000 builds a large catalogue in batches, reusing the pictures. */
  products?: number
  /** Where pictures go (`<DATA_DIR>/images`); undefined: the configured image storage (S3 when STORAGE_URL is set). */
  imagesDir: string | undefined
  /** Skip encoding pictures (tests): rows still name them. */
  skipImages?: boolean
  /** The encode cache directory, or false for none (default node_modules/.cache/isoko-images). */
  imageCacheDir?: string | false
  log?: (message: string) => void
}

export type SeedSummary = {
  categories: number
  vendors: number
  customers: number
  products: number
  variants: number
  reviews: number
  follows: number
  images: number
  imageBytes: number
  ms: number
}

/** True when nothing has been stored yet: no categories, stores or customers. */
export async function isDatabaseEmpty(ctx: ServiceContext): Promise<boolean> {
  const [c, v, u] = await Promise.all([countCategories(ctx), countVendors(ctx), countCustomers(ctx)])
  return c === 0 && v === 0 && u === 0
}

/** Empties every table of the application (not the migrations' bookkeeping) and restarts the ids. */
export async function resetDatabase(ctx: ServiceContext): Promise<void> {
  const result = (await ctx.db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema()`,
  )) as unknown as { rows: { tablename: string }[] }
  const names = result.rows.map((r) => r.tablename)
  if (names.length === 0) return
  await ctx.db.execute(sql.raw(`truncate table ${names.map((n) => `"${n}"`).join(', ')} restart identity cascade`))
}

function dateBetween(faker: Faker, from: Date, to: Date): Date {
  if (to.getTime() <= from.getTime()) return new Date(from)
  return new Date(Math.round(faker.number.int({ min: from.getTime(), max: to.getTime() }) / 1000) * 1000)
}

const DAY = 86_400_000

function departmentOf(slug: string): string {
  const d = DEPARTMENTS.find((dep) => slug === dep.slug || slug.startsWith(`${dep.slug}-`))
  if (!d) throw new Error(`No department for ${slug}`)
  return d.slug
}

/** How often each department comes up after every item has its first product: clothing leads, as in the shops. */
const DEPARTMENT_WEIGHT: Record<string, number> = {
  women: 3,
  men: 2,
  kids: 1.5,
  accessories: 1.5,
  shoes: 1.5,
  beauty: 1.4,
  'home-living': 1.2,
}

type SeededVendor = {
  id: number
  name: string
  city: string
  slug: string
  focus: string[]
  status: string
  joinedAt: Date
  featuredScore: number
  weight: number
}

export async function seedDatabase(ctx: ServiceContext, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now()
  const log = options.log ?? (() => {})
  const productCount = Math.max(0, Math.floor(options.products ?? DEFAULT_PRODUCTS))
  const faker = new Faker({ locale: [en] })
  faker.seed(SEED)
  const items = flattenItems()

  // Pictures first: they take the longest and do not touch the database, so they encode while the rows go in.
  const sells = (focus: string[]) =>
    items.filter((item) => focus.some((f) => item.slug === f || item.slug.startsWith(`${f}-`)))
  const bannerJobs: ImageJob[] = VENDOR_SEEDS.map((v, i) =>
    bannerImageJob(slugify(v.name), GRADIENTS[i % GRADIENTS.length], sells(v.focus)),
  )
  const jobs = [...productImageJobs(items), ...bannerJobs]
  const picturesDone = options.skipImages
    ? Promise.resolve([])
    : storeImages(jobs, { dir: options.imagesDir, cacheDir: options.imageCacheDir })
  // Keep an early failure from going unhandled while the rows are written; it is rethrown when awaited below.
  picturesDone.catch(() => {})

  // Categories: the mega menu, in menu order.
  const categoryId = new Map<string, number>()
  for (const [d, dep] of DEPARTMENTS.entries()) {
    const { id: depId } = await createCategory(ctx, {
      slug: dep.slug,
      name: dep.name,
      names: categoryNamesOf(dep.name),
      level: 0,
      position: d,
      emoji: dep.emoji,
      returnDays: dep.returnDays ?? null,
    })
    categoryId.set(dep.slug, depId)
    for (const [g, group] of dep.groups.entries()) {
      const groupSlug = `${dep.slug}-${slugify(group.name)}`
      const { id: groupId } = await createCategory(ctx, {
        parentId: depId,
        slug: groupSlug,
        name: group.name,
        names: categoryNamesOf(group.name),
        level: 1,
        position: g,
      })
      categoryId.set(groupSlug, groupId)
      for (const [i, spec] of group.items.entries()) {
        const slug = `${groupSlug}-${slugify(spec.name)}`
        const { id } = await createCategory(ctx, {
          parentId: groupId,
          slug,
          name: spec.name,
          names: categoryNamesOf(spec.name),
          level: 2,
          position: i,
        })
        categoryId.set(slug, id)
      }
    }
  }
  log(`categories: ${categoryId.size}`)

  // Stores: the prototype's three first (ids 1-3), then the rest; pending applications last.
  const vendors: SeededVendor[] = []
  for (const [i, v] of VENDOR_SEEDS.entries()) {
    for (const f of v.focus) if (!categoryId.has(f)) throw new Error(`${v.name}: unknown category ${f}`)
    const yearStart = new Date(
      Math.max(new Date(`${v.joinedYear}-01-01T08:00:00+02:00`).getTime(), ISOKO_OPENED.getTime()),
    )
    const yearEnd = new Date(
      Math.min(new Date(`${v.joinedYear}-12-31T18:00:00+02:00`).getTime(), SEED_NOW.getTime() - 20 * DAY),
    )
    const joinedAt = dateBetween(faker, yearStart, yearEnd)
    const departments = [...new Set(v.focus.map(departmentOf))]
    const input = fakeVendor(
      faker,
      {
        name: v.name,
        ownerName: v.ownerName,
        district: v.district,
        city: v.city,
        address: v.address,
        departments,
        specialties: v.specialties,
        description: v.description,
        about: v.story,
        avatarColours: GRADIENTS[i % GRADIENTS.length],
        joinedAt,
      },
      {
        status: v.status ?? 'approved',
        verified: v.verified ?? (v.status ?? 'approved') === 'approved',
        bannerKey: bannerJobs[i].key,
        ...(i < 3 ? { featuredScore: 100 - i } : {}),
      },
    )
    const { id } = await createVendor(ctx, input)
    vendors.push({
      id,
      name: v.name,
      city: v.city,
      slug: input.slug,
      focus: v.focus,
      status: input.status ?? 'pending',
      joinedAt,
      featuredScore: input.featuredScore ?? 0,
      weight: i < 3 ? 3 : 1,
    })
  }
  log(`vendors: ${vendors.length}`)

  // Customers.
  const customers: { id: number; createdAt: Date; firstName: string; lastName: string }[] = []
  for (let n = 1; n <= CUSTOMERS; n++) {
    const createdAt = dateBetween(faker, ISOKO_OPENED, new Date(SEED_NOW.getTime() - 2 * DAY))
    const input = fakeCustomer(faker, n)
    const { id } = await createCustomer(ctx, { ...input, createdAt })
    customers.push({ id, createdAt, firstName: input.firstName, lastName: input.lastName })
  }
  log(`customers: ${customers.length}`)

  // Which stores sell each item: approved ones whose focus covers it; pending ones get a few (never shown).
  const approved = vendors.filter((v) => v.status === 'approved')
  const pending = vendors.filter((v) => v.status !== 'approved')
  const sellersOf = new Map<string, SeededVendor[]>()
  const pendingSellersOf = new Map<string, SeededVendor[]>()
  for (const item of items) {
    const sellers = approved.filter((v) => sells(v.focus).includes(item))
    if (sellers.length === 0) throw new Error(`No approved store sells ${item.slug}`)
    sellersOf.set(item.slug, sellers)
    pendingSellersOf.set(
      item.slug,
      pending.filter((v) => sells(v.focus).includes(item)),
    )
  }

  // The plan: every item once (in a shuffled order), then items weighted by department.
  const weighted = items.map((item) => ({ weight: DEPARTMENT_WEIGHT[item.department.slug] ?? 1, value: item }))
  const plan: FlatItem[] = []
  for (let k = 0; k < productCount; k++) {
    plan.push(k < items.length ? items[k] : faker.helpers.weightedArrayElement(weighted))
  }
  const order = faker.helpers.shuffle(plan)

  // The demo money's sales (demo-money.ts): a few products of each of the first approved stores.
  const salesOf = new Map<number, DemoSaleProduct[]>(approved.slice(0, 3).map((v) => [v.id, []]))
  let variantTotal = 0
  let reviewTotal = 0
  const BATCH = 2000
  const reviewer = (count: number) => faker.helpers.arrayElements(customers, count)
  for (let start = 0; start < order.length; start += BATCH) {
    const batch: CreateProductInput[] = []
    const batchReviews: { index: number; review: Omit<AddReviewInput, 'productId'> }[] = []
    for (let k = start; k < Math.min(order.length, start + BATCH); k++) {
      const item = order[k]
      const pendingSellers = pendingSellersOf.get(item.slug) ?? []
      const vendor =
        pendingSellers.length > 0 && faker.number.float({ min: 0, max: 1 }) < 0.05
          ? faker.helpers.arrayElement(pendingSellers)
          : faker.helpers.weightedArrayElement(
              (sellersOf.get(item.slug) ?? []).map((v) => ({ weight: v.weight, value: v })),
            )
      const pool = pooledColours(item)
      const { input, colours, noun } = fakeProduct(faker, {
        seq: k + 1,
        item,
        vendor,
        categoryId: categoryId.get(item.slug) as number,
        now: SEED_NOW,
        notBefore: new Date(vendor.joinedAt.getTime() + DAY),
        leadColour: faker.helpers.arrayElement(pool),
        soldOut: faker.number.float({ min: 0, max: 1 }) < 0.08,
      })
      input.images = colours
        .filter((c) => pool.includes(c))
        .map((colour) => ({
          imageKey: productImageKey(item, colour),
          alt: colours.length > 1 || input.variants.some((v) => v.colour) ? `${input.title}, ${colour}` : input.title,
          width: 800,
          height: 1000,
          placeholder: productPlaceholder(colour),
        }))

      // Reviews: most products have none or a few, as in a young shop; older products more; none on the newest.
      const createdAt = input.createdAt ?? SEED_NOW
      const ageDays = (SEED_NOW.getTime() - createdAt.getTime()) / DAY
      const maxReviews = ageDays < 7 ? 0 : Math.min(6, Math.ceil(ageDays / 60))
      const count = faker.number.float({ min: 0, max: 1 }) < 0.45 ? 0 : faker.number.int({ min: 0, max: maxReviews })
      const about = { kind: reviewKindOf(item.department.slug), thing: noun }
      const bodies = new Set<string>()
      let sum = 0
      for (const customer of reviewer(count)) {
        let review = fakeReview(faker, about)
        // No two reviews of one product say the same thing.
        for (let tries = 0; bodies.has(review.body) && tries < 5; tries++) review = fakeReview(faker, about)
        bodies.add(review.body)
        const { rating, body } = review
        sum += rating
        const from = new Date(Math.max(createdAt.getTime(), customer.createdAt.getTime()) + DAY)
        batchReviews.push({
          index: batch.length,
          review: { customerId: customer.id, rating, body, createdAt: dateBetween(faker, from, SEED_NOW) },
        })
      }
      if (input.badge == null && count >= 5 && sum / count >= 4.2) input.badge = 'bestseller'
      batch.push(input)
    }
    const created = await createProducts(ctx, batch)
    for (const [i, p] of batch.entries()) {
      const sale = salesOf.get(p.vendorId)
      const variant = p.variants[0]
      const variantId = created[i]?.variantIds[0]
      if (!sale || sale.length >= 3 || !variant || variantId === undefined || p.status === 'draft') continue
      sale.push({
        variantId,
        productId: created[i].id,
        vendorId: p.vendorId,
        title: p.title,
        slug: p.slug,
        size: variant.size,
        colour: variant.colour,
        sku: variant.sku,
        unitPrice: p.price,
      })
    }
    variantTotal += batch.reduce((n, p) => n + p.variants.length, 0)
    const reviews = batchReviews.map((r) => ({ ...r.review, productId: created[r.index].id }))
    await addReviews(ctx, reviews)
    reviewTotal += reviews.length
    log(`products: ${Math.min(order.length, start + BATCH)} / ${order.length}`)
  }

  // The demo catalogue has been on sale for a while: staff reviewed it, so the console's queue of newly listed
  // products starts empty and shows what vendors list from now on.
  await ctx.db.execute(sql`UPDATE products SET reviewed_at = created_at WHERE listed`)

  // Follows: each customer follows a few approved stores, the better-known ones more often.
  const follows: FollowVendorInput[] = []
  const byFame = approved.map((v) => ({ weight: 1 + v.featuredScore / 25, value: v }))
  for (const customer of customers) {
    const n = faker.helpers.weightedArrayElement([
      { weight: 3, value: 0 },
      { weight: 4, value: 1 },
      { weight: 3, value: 2 },
      { weight: 2, value: 3 },
      { weight: 1, value: 5 },
    ])
    const chosen = new Set<SeededVendor>()
    for (let j = 0; j < n; j++) chosen.add(faker.helpers.weightedArrayElement(byFame))
    for (const v of [...chosen].sort((a, b) => a.id - b.id)) {
      const from = new Date(Math.max(v.joinedAt.getTime(), customer.createdAt.getTime()))
      follows.push({ vendorId: v.id, customerId: customer.id, createdAt: dateBetween(faker, from, SEED_NOW) })
    }
  }
  await followVendors(ctx, follows)
  log(`follows: ${follows.length}`)

  await seedDemoAccounts(ctx, vendors)
  log(`demo accounts: ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`)

  // Its own random sequence, so that the catalogue above stays the same with or without it.
  const moneyFaker = new Faker({ locale: [en] })
  moneyFaker.seed(SEED + 1)
  const money = await seedDemoMoney(ctx, {
    faker: moneyFaker,
    now: SEED_NOW,
    approvedStoreIds: approved.map((v) => v.id),
    sales: [...salesOf].map(([vendorId, products]) => ({ vendorId, products })),
    customers: customers.slice(0, 50).map((c) => ({ ...c, phone: fakeRwandanPhone(moneyFaker) })),
  })
  log(`demo money: payout numbers for ${approved.length} stores, ${money.orders} orders in the ledger`)

  const stored = await picturesDone
  const files = stored.flatMap((s) => s.files)
  return {
    categories: categoryId.size,
    vendors: vendors.length,
    customers: customers.length,
    products: order.length,
    variants: variantTotal,
    reviews: reviewTotal,
    follows: follows.length,
    images: stored.length,
    imageBytes: files.reduce((n, f) => n + f.bytes, 0),
    ms: Math.round(performance.now() - started),
  }
}

function readProductsArg(args: string[]): number | undefined {
  const i = args.findIndex((a) => a === '--products' || a.startsWith('--products='))
  if (i < 0) return undefined
  const raw = args[i].includes('=') ? args[i].split('=')[1] : args[i + 1]
  const n = Number(raw?.replaceAll('_', ''))
  if (!Number.isInteger(n) || n < 0) throw new Error(`--products needs a whole number, got ${raw}`)
  return n
}

/**
 * Demo accounts (README): a customer, the owner of store 1 (approved), the owner of the first pending store, and
 * an admin. Created through the accounts module like any account; ids from a counter so that the seed is
 * repeatable. They get the fixed demo password only outside production: a forced production seed gives each a
 * random one, printed once.
 */
export { DEMO_ACCOUNTS, DEMO_PASSWORD }

function demoPassword(): string {
  return process.env.NODE_ENV === 'production' ? `${randomBytes(18).toString('base64url')}-9` : DEMO_PASSWORD
}

async function seedDemoAccounts(ctx: ServiceContext, vendors: SeededVendor[]) {
  let n = 0
  const accounts: AccountsContext = {
    db: ctx.db,
    auth: createAuth({
      db: ctx.db,
      // Only hashes passwords here: no session of the seed's is ever used.
      secret: 'seed-only-secret-never-used-for-a-session',
      publicUrl: 'http://localhost:3000',
      attemptsPerMinute: 1000,
      sendPasswordReset: async () => {},
      generateId: () => `seed-user-${++n}`,
    }),
  }
  const ids: string[] = []
  for (const demo of DEMO_ACCOUNTS) {
    const password = demoPassword()
    const result = await createAccountDirect(accounts, { ...demo, password })
    if (!result.ok) throw new Error(`Could not create the demo account ${demo.email}: ${result.reason}`)
    if (password !== DEMO_PASSWORD) console.log(`  ${demo.email}: password ${password} (shown once)`)
    ids.push(result.userId)
  }
  const [customerId, vendorId, pendingId] = ids as [string, string, string]
  const [first, last] = DEMO_ACCOUNTS[0].name.split(' ') as [string, string]
  await createCustomer(ctx, {
    firstName: first,
    lastName: last,
    email: DEMO_ACCOUNTS[0].email,
    userId: customerId,
    createdAt: SEED_NOW,
  })
  const store = vendors[0]
  const pendingStore = vendors.find((v) => v.status === 'pending')
  if (!store || !pendingStore) throw new Error('The demo vendors need store 1 and a pending store')
  await setVendorOwner(ctx, store.id, vendorId)
  await setVendorOwner(ctx, pendingStore.id, pendingId)
}

/**
 * `npm run db:seed [-- --reset] [-- --products N] [-- --no-pictures] [-- --force]`, and `--demo-if-empty` from
 * `npm start`.
 * A production database is never seeded by accident: with NODE_ENV=production the command refuses unless
 * `--force` is given (then the demo accounts get random passwords), and `--demo-if-empty` does nothing.
 */
async function main() {
  const args = process.argv.slice(2)
  const reset = args.includes('--reset')
  const force = args.includes('--force')
  const products = readProductsArg(args)
  if (process.env.NODE_ENV === 'production' && !force) {
    if (args.includes('--demo-if-empty')) {
      console.log('NODE_ENV=production: the demo catalogue is never seeded.')
      return
    }
    throw new Error(
      'NODE_ENV=production: refusing to seed the demo catalogue and demo accounts into what may be a real database. ' +
        'Add --force to seed anyway (the demo accounts then get random passwords).',
    )
  }
  const { connectConfiguredDatabase } = await import('#app/lib/db.server.ts')
  const { ensureDataDir, getEnv } = await import('#app/lib/env.server.ts')
  const env = getEnv()
  if (!env.DATABASE_URL) ensureDataDir(env.DATA_DIR)
  const connection = connectConfiguredDatabase()
  try {
    await connection.migrate()
    const ctx: ServiceContext = { db: connection.db }
    if (reset) {
      await resetDatabase(ctx)
      console.log('Emptied every table (--reset).')
    } else if (!(await isDatabaseEmpty(ctx))) {
      const [v, c] = await Promise.all([countVendors(ctx), countCustomers(ctx)])
      console.log(
        `The database already has data (${v} stores, ${c} customers): nothing seeded. Run with --reset to start over.`,
      )
      return
    }
    console.log('Seeding the demo catalogue (the first time only; about a minute)…')
    const imagesDir = env.STORAGE_URL ? undefined : path.resolve(env.DATA_DIR, 'images')
    const summary = await seedDatabase(ctx, {
      products,
      imagesDir,
      // Tests of the built server: the rows, without the minute of picture encoding.
      skipImages: args.includes('--no-pictures'),
      log: (m) => console.log(`  ${m}`),
    })
    console.log(
      `Seeded ${summary.products} products (${summary.variants} variants, ${summary.reviews} reviews), ` +
        `${summary.vendors} stores, ${summary.customers} customers, ${summary.follows} follows, ` +
        `${summary.images} pictures (${Math.round(summary.imageBytes / 1024)} KB) in ${(summary.ms / 1000).toFixed(1)} s.`,
    )
  } finally {
    await connection.close()
  }
}

const entry = process.argv[1]
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
