import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { categories, products } from '#app/modules/catalog/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { routeContext } from '#tests/routes.ts'
import { testVendorFields } from '#tests/shop.ts'
import { loader } from './search-suggestions.ts'

// The header search box's suggestions route as the server calls it, on this file's own database.
const ORIGIN = 'http://127.0.0.1:3000'
let t: TestDatabase

beforeAll(async () => {
  t = await createTestDatabase()
  const db = t.ctx.db
  const [women] = await db
    .insert(categories)
    .values({ slug: 'women', name: 'Women', names: { fr: 'Femmes' }, level: 0, position: 0 })
    .returning()
  if (!women) throw new Error('fixture')
  const [dresses] = await db
    .insert(categories)
    .values({
      slug: 'women-dresses',
      name: 'Dresses',
      names: { fr: 'Robes' },
      level: 1,
      position: 0,
      parentId: women.id,
    })
    .returning()
  const [shop, hidden] = await db
    .insert(vendors)
    .values(
      (['approved', 'pending'] as const).map((status) => ({
        name: `Shop ${status}`,
        slug: `shop-${status}`,
        email: `${status}@example.rw`,
        status,
        ...testVendorFields,
      })),
    )
    .returning()
  if (!dresses || !shop || !hidden) throw new Error('fixture')
  const product = (slug: string, title: string, vendorId: number) => ({
    slug,
    title,
    description: 'Cotton',
    price: 15_000,
    vendorId,
    categoryId: dresses.id,
  })
  await db
    .insert(products)
    .values([
      product('kitenge-wrap-dress', 'Kitenge Wrap Dress', shop.id),
      product('linen-midi-dress', 'Linen Midi Dress', shop.id),
      product('kitenge-hidden-dress', 'Kitenge Hidden Dress', hidden.id),
    ])
})

afterAll(async () => {
  await t?.close()
})

async function suggest(query: string, headers: Record<string, string> = {}) {
  const request = new Request(`${ORIGIN}/api/search-suggestions${query}`, { headers })
  const answer = await loader({ request, params: {}, context: routeContext(t.ctx) } as never)
  return {
    status: answer.init?.status ?? 200,
    headers: new Headers(answer.init?.headers),
    body: answer.data as Record<string, unknown>,
  }
}

describe('GET /api/search-suggestions', () => {
  test.each([
    ['no q', ''],
    ['an empty q', '?q='],
    ['one letter once trimmed', '?q=%20k%20%20'],
    ['more than 100 characters', `?q=${'a'.repeat(101)}`],
  ])('refuses %s with 400, never cached', async (_, query) => {
    const { status, headers, body } = await suggest(query)
    expect(status).toBe(400)
    expect(headers.get('Cache-Control')).toBe('no-store')
    expect(body).not.toHaveProperty('products')
  })

  test('a word nothing holds answers empty lists', async () => {
    const { status, body } = await suggest('?q=zzqx&lang=en')
    expect(status).toBe(200)
    expect(body).toEqual({ q: 'zzqx', products: [], categories: [] })
  })

  test('finds public products and categories, trimmed, cacheable by a shared cache', async () => {
    const { status, headers, body } = await suggest('?q=%20kitenge%20dress%20&lang=en')
    expect(status).toBe(200)
    expect(headers.get('Cache-Control')).toMatch(/^public, max-age=60\b/)
    expect(body.q).toBe('kitenge dress')
    // The pending store's product is not public.
    expect(body.products).toEqual([{ slug: 'kitenge-wrap-dress', title: 'Kitenge Wrap Dress', price: 15_000 }])

    const categoriesOf = await suggest('?q=dress&lang=en')
    expect(categoriesOf.body.categories).toEqual([{ slug: 'women-dresses', name: 'Dresses', department: 'Women' }])
  })

  test('names categories in the language asked for; without lang the answer is private to the visitor', async () => {
    const fr = await suggest('?q=robes&lang=fr')
    expect(fr.body.categories).toEqual([{ slug: 'women-dresses', name: 'Robes', department: 'Femmes' }])
    const byCookie = await suggest('?q=robes', { Cookie: 'lang=fr' })
    expect(byCookie.headers.get('Cache-Control')).toMatch(/^private/)
    expect(byCookie.headers.get('Vary')).toContain('Cookie')
  })
})
