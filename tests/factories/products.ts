import type { Faker } from '@faker-js/faker'
import type { CreateProductInput, VariantInput } from '#app/modules/catalog/catalog-admin.server.ts'
import type { Badge } from '#app/modules/catalog/types.ts'
import { type FlatItem, SIZES, slugify } from '#db/seed/catalogue.ts'

// Products as a shop would list them: a title from the item's vocabulary, a description, a price in whole francs
// (a multiple of 500), sizes and colours as variants with SKUs and stock. Shared by the seed and the tests.

/** Pictures of these things do not come in colours a shopper picks: the colour is only the packaging's. */
const COLOURLESS = new Set(['jar', 'bottle', 'dropper', 'candle', 'imigongo', 'frame', 'compact', 'comb', 'pot'])

export function roundTo500(amount: number): number {
  return Math.max(500, Math.round(amount / 500) * 500)
}

export type FakeProductOptions = {
  /** A running number: makes the slug and SKUs unique. */
  seq: number
  item: FlatItem
  vendor: { id: number; name: string; city: string }
  categoryId: number
  /** Latest creation date; products are spread over the year before it, not before `notBefore`. */
  now: Date
  notBefore: Date
  /** The colour the first picture shows; must be one of the item's colours. */
  leadColour?: string
  /** Force every variant to zero stock (about 8% of the seed's products). */
  soldOut?: boolean
  onSale?: boolean
}

/** `noun`: what the product is ('Wrap Dress'), the last words of its title. */
export type FakeProduct = { input: CreateProductInput; colours: string[]; noun: string }

function pickTitle(faker: Faker, item: FlatItem): { title: string; noun: string } {
  const noun = faker.helpers.arrayElement(item.spec.nouns)
  const nounWords = new Set(noun.toLowerCase().split(/[\s-]+/))
  const modifiers = item.spec.modifiers.filter(
    (m) =>
      !m
        .toLowerCase()
        .split(/[\s-]+/)
        .some((w) => nounWords.has(w)),
  )
  const modifier = modifiers.length > 0 ? faker.helpers.arrayElement(modifiers) : ''
  return { title: modifier ? `${modifier} ${noun}` : noun, noun }
}

const CLOTHING_LINES = [
  'Cut for an easy fit that moves with you, with neat seams that last wash after wash.',
  'Tailored in Rwanda from fabric chosen for Kigali’s warm days and cool evenings.',
  'Lined where it matters and finished by hand, it keeps its shape all day.',
  'A piece you will reach for again and again, for the office, church or a weekend out.',
  'The fabric is breathable and soft, and the colours stay bright after washing.',
]
const FOOTWEAR_LINES = [
  'A cushioned insole and a flexible sole make it comfortable from the first day.',
  'Stitched, not just glued, so it stands up to Kigali’s hills and long days.',
  'True to size; if you are between sizes, choose the larger one.',
]
const ACCESSORY_LINES = [
  'Finished by hand, so every piece is slightly different.',
  'Made to be worn every day and passed on.',
  'Arrives in a gift pouch, ready to give.',
]
const BEAUTY_LINES = [
  'Made in small batches without parabens or mineral oil.',
  'Suitable for all skin types and gentle enough for daily use.',
  'Absorbs quickly and leaves no greasy feel, even in the heat.',
]
const HOME_LINES = [
  'Made by Rwandan artisans, so each piece is one of a kind.',
  'Brings warmth and colour to a living room, bedroom or office.',
  'Easy to care for: wipe clean or wash gently by hand.',
]

function detailLines(item: FlatItem): string[] {
  switch (item.department.slug) {
    case 'shoes':
      return FOOTWEAR_LINES
    case 'accessories':
      return ACCESSORY_LINES
    case 'beauty':
      return BEAUTY_LINES
    case 'home-living':
      return HOME_LINES
    default:
      return CLOTHING_LINES
  }
}

const CARE = {
  clothing: [
    'Machine wash cold, dry in the shade.',
    'Hand wash or dry clean to keep the colours bright.',
    'Wash inside out at 30°C.',
  ],
  other: [
    'Comes with the seller’s guarantee.',
    'Ask the seller about sizes and custom orders.',
    'Delivered anywhere in Rwanda.',
  ],
}

/** A contiguous run of sizes from the item's size scale, at least `min` long. */
function pickSizes(faker: Faker, scale: string[], min = 3): string[] {
  if (scale.length === 0) return []
  const length = faker.number.int({ min: Math.min(min, scale.length), max: scale.length })
  const start = faker.number.int({ min: 0, max: scale.length - length })
  return scale.slice(start, start + length)
}

function skuPart(text: string): string {
  return slugify(text.replace('×', 'x')).toUpperCase()
}

export function fakeProduct(faker: Faker, o: FakeProductOptions): FakeProduct {
  const { item } = o
  const spec = item.spec
  const { title, noun } = pickTitle(faker, item)
  const [minPrice, maxPrice] = spec.price
  // Prices lean towards the low end of the range, as in a real shop.
  const t = faker.number.float({ min: 0, max: 1 }) ** 1.6
  const price = roundTo500(minPrice + (maxPrice - minPrice) * t)
  const onSale = o.onSale ?? faker.number.float({ min: 0, max: 1 }) < 0.3
  const discount = faker.helpers.arrayElement([0.1, 0.15, 0.2, 0.25, 0.3, 0.4])
  const compareAtPrice = onSale ? Math.max(price + 500, roundTo500(price / (1 - discount))) : null

  const colourVariants = !COLOURLESS.has(spec.art)
  const lead = o.leadColour ?? faker.helpers.arrayElement(spec.colours)
  const others = spec.colours.filter((c) => c !== lead)
  const extra = colourVariants
    ? faker.helpers.arrayElements(
        others,
        faker.helpers.weightedArrayElement([
          { weight: 5, value: 0 },
          { weight: 4, value: 1 },
          { weight: 2, value: 2 },
        ]),
      )
    : []
  const colours = [lead, ...extra]
  const sizes = pickSizes(faker, SIZES[spec.sizes], spec.sizes === 'volume' ? 1 : 3)

  const soldOut = o.soldOut ?? false
  const variants: VariantInput[] = []
  const colourValues: (string | null)[] = colourVariants ? colours : [null]
  const sizeValues: (string | null)[] = sizes.length > 0 ? sizes : [null]
  for (const colour of colourValues) {
    for (const size of sizeValues) {
      const stock = soldOut
        ? 0
        : faker.number.float({ min: 0, max: 1 }) < 0.12
          ? 0
          : faker.number.int({ min: 1, max: 40 })
      const sku = ['IS', String(o.seq).padStart(6, '0'), colour && skuPart(colour), size && skuPart(size)]
        .filter(Boolean)
        .join('-')
      variants.push({ size, colour, sku, stock })
    }
  }
  // A product that is not sold out has at least one variant in stock.
  if (!soldOut && variants.every((v) => v.stock === 0)) variants[0].stock = faker.number.int({ min: 1, max: 25 })

  const colourText = colourVariants
    ? colours.length > 1
      ? `Available in ${colours.slice(0, -1).join(', ')} and ${colours[colours.length - 1]}.`
      : `In ${lead}.`
    : ''
  const isClothing = ['women', 'men', 'kids'].includes(item.department.slug)
  const description = [
    `${title} from ${o.vendor.name} in ${o.vendor.city}.`,
    faker.helpers.arrayElement(detailLines(item)),
    colourText,
    faker.helpers.arrayElement(isClothing ? CARE.clothing : CARE.other),
  ]
    .filter(Boolean)
    .join(' ')

  const span = o.now.getTime() - o.notBefore.getTime()
  const age = faker.number.float({ min: 0, max: 1 }) ** 1.5 * Math.min(span, 400 * 86_400_000)
  const createdAt = new Date(Math.round((o.now.getTime() - age) / 1000) * 1000)
  const isNew = o.now.getTime() - createdAt.getTime() < 30 * 86_400_000
  const badge: Badge | null = isNew ? 'new' : faker.number.float({ min: 0, max: 1 }) < 0.06 ? 'limited' : null

  return {
    noun,
    colours: colourVariants ? colours : [lead],
    input: {
      vendorId: o.vendor.id,
      categoryId: o.categoryId,
      title,
      slug: `${slugify(title)}-${o.seq}`,
      description,
      price,
      compareAtPrice,
      badge,
      status: 'active',
      featuredScore: faker.number.int({ min: 0, max: 100 }),
      createdAt,
      variants,
      images: [],
    },
  }
}
