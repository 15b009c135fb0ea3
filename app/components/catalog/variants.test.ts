import { describe, expect, it } from 'vitest'
import type { VariantData } from '#app/modules/catalog/types.ts'
import { colourAvailable, imageIndexForColour, resolveVariant, sizeAvailable } from './variants.ts'

const v = (id: number, size: string | null, colour: string | null, stock: number): VariantData => ({
  id,
  size,
  colour,
  sku: `sku-${id}`,
  stock,
  price: null,
})
const variants = [
  v(1, 'S', 'Red', 0),
  v(2, 'M', 'Red', 3),
  v(3, 'S', 'Blue', 2),
  v(4, 'M', 'Blue', 0),
  v(5, 'L', 'Gold', 0),
]

describe('resolveVariant', () => {
  it('takes the exact combination when it has stock', () => {
    expect(resolveVariant(variants, 'S', 'Blue')?.id).toBe(3)
  })

  it('moves to a size in stock of the chosen colour, then a colour in stock of the size', () => {
    expect(resolveVariant(variants, 'S', 'Red')?.id).toBe(2)
    expect(resolveVariant(variants, 'M', 'Gold')?.id).toBe(2)
  })

  it('keeps a sold-out exact match when nothing near has stock, and falls back to the default', () => {
    expect(resolveVariant([v(5, 'L', 'Gold', 0)], 'L', 'Gold')?.id).toBe(5)
    expect(resolveVariant(variants, null, null, 3)?.id).toBe(3)
    expect(resolveVariant(variants, 'XXL', 'Pink')?.id).toBe(2)
    expect(resolveVariant([], 'S', 'Red')).toBeNull()
  })
})

describe('availability', () => {
  it('disables sizes sold out in the chosen colour and colours sold out in every size', () => {
    expect(sizeAvailable(variants, 'S', 'Red')).toBe(false)
    expect(sizeAvailable(variants, 'S', 'Blue')).toBe(true)
    expect(colourAvailable(variants, 'Gold')).toBe(false)
    expect(colourAvailable(variants, 'Red')).toBe(true)
  })
})

describe('imageIndexForColour', () => {
  it('finds the picture whose description names the colour', () => {
    const images = [{ alt: 'Woven Fan, Indigo' }, { alt: 'Woven Fan, Terracotta' }]
    expect(imageIndexForColour(images, 'terracotta')).toBe(1)
    expect(imageIndexForColour(images, 'Gold')).toBe(-1)
    expect(imageIndexForColour(images, null)).toBe(-1)
  })
})
