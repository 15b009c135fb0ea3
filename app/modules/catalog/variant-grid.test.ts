import { describe, expect, it } from 'vitest'
import { photosForColour, priceOf, pricesVary } from '#app/components/catalog/variants.ts'
import {
  buildVariantGrid,
  type GridRow,
  gridSize,
  optionsOf,
  skuBaseOf,
  splitOptions,
  suggestSku,
} from './variant-grid.ts'

const row = (over: Partial<GridRow>): GridRow => ({
  id: '',
  size: '',
  colour: '',
  sku: '',
  stock: '0',
  price: '',
  ...over,
})

describe('the size × colour grid', () => {
  it('reads comma-, semicolon- or line-separated options, once each, trimmed and cut', () => {
    expect(splitOptions(' S, m ,S;; XL\nm ,', 20)).toEqual(['S', 'm', 'XL'])
    expect(splitOptions('Very long colour name', 9)).toEqual(['Very long'])
    expect(splitOptions('  ,  ', 10)).toEqual([])
  })

  it('makes every combination, sizes first, with suggested unique SKUs', () => {
    const grid = buildVariantGrid({ sizes: ['S', 'XL'], colours: ['Red', 'Light blue'], rows: [], skuBase: 'KITENGE' })
    expect(grid.map((r) => [r.size, r.colour, r.sku, r.stock, r.price])).toEqual([
      ['S', 'Red', 'KITENGE-S-RED', '0', ''],
      ['S', 'Light blue', 'KITENGE-S-LIGHTBLUE', '0', ''],
      ['XL', 'Red', 'KITENGE-XL-RED', '0', ''],
      ['XL', 'Light blue', 'KITENGE-XL-LIGHTBLUE', '0', ''],
    ])
    expect(buildVariantGrid({ sizes: [], colours: [], rows: [], skuBase: 'CAP' }).map((r) => r.sku)).toEqual(['CAP'])
    expect(buildVariantGrid({ sizes: [], colours: ['Red'], rows: [], skuBase: 'CAP' }).map((r) => r.sku)).toEqual([
      'CAP-RED',
    ])
  })

  it('keeps what was typed for combinations that remain, whatever the case, and drops the others', () => {
    const typed = [
      row({ id: '12', size: 'S', colour: 'Red', sku: 'MY-S-RED', stock: '7', price: '' }),
      row({ id: '13', size: 'XL', colour: 'Red', sku: 'MY-XL-RED', stock: '2', price: '14 000' }),
      row({ id: '14', size: 'M', colour: 'Red', sku: 'MY-M-RED', stock: '4' }),
    ]
    const grid = buildVariantGrid({ sizes: ['s', 'XL'], colours: ['Red', 'Blue'], rows: typed, skuBase: 'MY' })
    expect(grid).toEqual([
      { id: '12', size: 's', colour: 'Red', sku: 'MY-S-RED', stock: '7', price: '' },
      { id: '', size: 's', colour: 'Blue', sku: 'MY-S-BLUE', stock: '0', price: '' },
      { id: '13', size: 'XL', colour: 'Red', sku: 'MY-XL-RED', stock: '2', price: '14 000' },
      { id: '', size: 'XL', colour: 'Blue', sku: 'MY-XL-BLUE', stock: '0', price: '' },
    ])
  })

  it('never suggests a SKU already in the grid', () => {
    const typed = [row({ size: 'S', colour: 'Red', sku: 'X-M-RED' })]
    const grid = buildVariantGrid({ sizes: ['S', 'M'], colours: ['Red'], rows: typed, skuBase: 'X' })
    expect(grid.map((r) => r.sku)).toEqual(['X-M-RED', 'X-M-RED-2'])
  })

  it('counts the rows the options make, and reads the options back from rows', () => {
    expect(gridSize(['S', 'M'], ['Red', 'Blue', 'Green'])).toBe(6)
    expect(gridSize([], [])).toBe(1)
    expect(
      optionsOf([row({ size: 'XL', colour: 'Red' }), row({ size: 'S', colour: 'Blue' }), row({ size: 'xl' })]),
    ).toEqual({ sizes: 'S, XL', colours: 'Red, Blue' })
  })

  it('suggests SKUs from the title, within the SKU rules', () => {
    expect(skuBaseOf('Robe en pagne été')).toBe('ROBE-EN-PAGNE-ETE')
    expect(skuBaseOf('Wholesale cotton shirts, collection 12')).toBe('WHOLESAL-COTTON-SHIRTS')
    expect(skuBaseOf('!!!')).toBe('SKU')
    expect(suggestSku('ROBE', 'One size', 'Bleu ciel')).toBe('ROBE-ONESIZE-BLEUCIEL')
    expect(suggestSku('ROBE', '', '')).toMatch(/^[A-Z0-9][A-Z0-9._-]*$/)
  })
})

describe('prices and photos on the product page', () => {
  it('charges the variant its own price, else the product’s', () => {
    expect(priceOf({ price: 14_000 }, 10_000)).toBe(14_000)
    expect(priceOf({ price: null }, 10_000)).toBe(10_000)
    expect(priceOf(null, 10_000)).toBe(10_000)
    expect(pricesVary([{ price: null }, { price: 10_000 }], 10_000)).toBe(false)
    expect(pricesVary([{ price: null }, { price: 12_000 }], 10_000)).toBe(true)
  })

  it('shows the chosen colour’s photos first, then those of every colour, then the others', () => {
    const photos = [
      { k: 'red', colour: 'Red' },
      { k: 'any', colour: null },
      { k: 'blue1', colour: 'Blue' },
      { k: 'blue2', colour: 'Blue' },
    ]
    expect(photosForColour(photos, 'blue').map((p) => p.k)).toEqual(['blue1', 'blue2', 'any', 'red'])
    expect(photosForColour(photos, null)).toBe(photos)
    // No photo tied to the colour: the vendor's order, unchanged.
    expect(photosForColour(photos, 'Green')).toBe(photos)
  })
})
