import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeVendor } from '#tests/shop.ts'
import { listProducts } from './catalog.server.ts'
import { createCategory, createProduct } from './catalog-admin.server.ts'
import { fold, nameMatches, queryWords } from './search-words.ts'

// Search finds products whatever language the query is in (issue 14): the categories' names in Kinyarwanda and
// French, everyday words for them, accents and small words aside.

describe('query words', () => {
  test('are folded (case, accents, apostrophes) and the small words of each language are left out', () => {
    expect(fold('Vêtements D’été')).toBe("vetements d'ete")
    expect(queryWords('ibikoresho byo mu rugo')).toEqual(['ibikoresho', 'rugo'])
    expect(queryWords('Robe de soirée')).toEqual(['robe', 'soiree'])
    expect(queryWords('de la')).toEqual(['de', 'la'])
  })

  test('match a category by its name or an everyday word for it', () => {
    expect(nameMatches('Vêtements', 'vetements')).toBe(true)
    expect(nameMatches('Vêtements', 'habits')).toBe(true)
    expect(nameMatches('Amakanzu', 'ikanzu')).toBe(true)
    expect(nameMatches('Chaussures', 'chaussure')).toBe(true)
    expect(nameMatches('Chaussures', 'robe')).toBe(false)
  })
})

let t: TestDatabase
const titles = async (q: string) =>
  (await listProducts(t.ctx, { q, sort: 'newest', page: 1, perPage: 24 })).items.map((c) => c.title).sort()

beforeAll(async () => {
  t = await createTestDatabase()
  const { id: vendorId } = await makeVendor(t.ctx)
  const tree: [string, { rw: string; fr: string }, [string, { rw: string; fr: string }, string][]][] = [
    ['Clothing', { rw: 'Imyenda', fr: 'Vêtements' }, [['Dresses', { rw: 'Amakanzu', fr: 'Robes' }, 'Wrap dress']]],
    ['Shoes', { rw: 'Inkweto', fr: 'Chaussures' }, [['Sandals', { rw: 'Sandali', fr: 'Sandales' }, 'Tyre sandals']]],
    [
      'Home & Living',
      { rw: 'Ibikoresho byo mu rugo', fr: 'Maison et déco' },
      [['Cookware', { rw: 'Ibikoresho byo guteka', fr: 'Ustensiles de cuisine' }, 'Clay pot']],
    ],
  ]
  let n = 0
  for (const [name, names, items] of tree) {
    const { id: department } = await createCategory(t.ctx, { slug: `d${++n}`, name, names, level: 0 })
    const { id: group } = await createCategory(t.ctx, { slug: `g${n}`, name, names, level: 1, parentId: department })
    for (const [itemName, itemNames, title] of items) {
      const { id: item } = await createCategory(t.ctx, {
        slug: `i${n}`,
        name: itemName,
        names: itemNames,
        level: 2,
        parentId: group,
      })
      await createProduct(t.ctx, {
        vendorId,
        categoryId: item,
        title,
        slug: `p${n}`,
        description: 'Made in Kigali',
        price: 10_000,
        status: 'active',
        variants: [{ size: null, colour: null, sku: `SKU-${n}`, stock: 5 }],
        images: [],
      })
    }
  }
})
afterAll(() => t.close())

describe('search in any language', () => {
  test('Kinyarwanda words find their categories: imyenda, amakanzu, inkweto, ibikoresho byo mu rugo', async () => {
    expect(await titles('imyenda')).toEqual(['Wrap dress'])
    expect(await titles('ikanzu')).toEqual(['Wrap dress'])
    expect(await titles('inkweto')).toEqual(['Tyre sandals'])
    expect(await titles('ibikoresho byo mu rugo')).toEqual(['Clay pot'])
  })

  test('French words too, with or without their accents: robe, chaussures, vetements, habits', async () => {
    expect(await titles('robe')).toEqual(['Wrap dress'])
    expect(await titles('chaussures')).toEqual(['Tyre sandals'])
    expect(await titles('vetements')).toEqual(['Wrap dress'])
    expect(await titles('habits')).toEqual(['Wrap dress'])
  })

  test('English as before, and a word no language has finds nothing', async () => {
    expect(await titles('shoes')).toEqual(['Tyre sandals'])
    expect(await titles('zzzz')).toEqual([])
  })
})
