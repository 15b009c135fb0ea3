import { describe, expect, it } from 'vitest'
import { parseProductFilters } from './catalog.schemas.ts'

describe('parseProductFilters: the facet filters', () => {
  it('reads repeatable sizes, colours and stores with every value', () => {
    const f = parseProductFilters(new URLSearchParams('size=M&size=L&colour=Red&colour=Blue&store=3&store=12'))
    expect(f).toMatchObject({ sizes: ['M', 'L'], colours: ['Red', 'Blue'], stores: [3, 12] })
  })

  it('reads the rating floor from 1 to 4 and the stock switch', () => {
    expect(parseProductFilters(new URLSearchParams('rating=4&stock=on'))).toMatchObject({ minRating: 4, inStock: true })
    expect(parseProductFilters(new URLSearchParams('rating=1&stock=1'))).toMatchObject({ minRating: 1, inStock: true })
  })

  it('drops bad values instead of failing', () => {
    const f = parseProductFilters(
      new URLSearchParams(
        `size=&size=${'x'.repeat(41)}&size=S&size=S&colour=%00&store=-1&store=abc&store=1.5&store=99999999999&store=7&rating=5&rating=2&stock=maybe`,
      ),
    )
    expect(f.sizes).toEqual(['S'])
    expect(f.colours).toBeUndefined()
    expect(f.stores).toEqual([7])
    expect(f.minRating).toBeUndefined()
    expect(f.inStock).toBeUndefined()
    expect(parseProductFilters(new URLSearchParams('rating=0&stock=off'))).toEqual({
      sort: 'featured',
      page: 1,
      perPage: 24,
    })
  })

  it('keeps at most 20 values of a repeatable filter', () => {
    const params = new URLSearchParams()
    for (let i = 1; i <= 30; i++) params.append('store', String(i))
    expect(parseProductFilters(params).stores).toHaveLength(20)
  })

  it('reads one value each from a record', () => {
    expect(parseProductFilters({ size: 'M', colour: 'Red', store: '4', rating: '3', stock: '1' })).toMatchObject({
      sizes: ['M'],
      colours: ['Red'],
      stores: [4],
      minRating: 3,
      inStock: true,
    })
  })
})
