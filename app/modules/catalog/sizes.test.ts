import { expect, test } from 'vitest'
import { sortSizes } from './sizes.ts'

test('sizes are offered from the smallest: letters in order, then numbers by value, then the rest', () => {
  expect(sortSizes(['XL', 'M', 'S', 'L', 'XS', 'XXL'])).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL'])
  expect(sortSizes(['42', '38', '40', '100 ml', '50 ml'])).toEqual(['38', '40', '42', '50 ml', '100 ml'])
  expect(sortSizes(['One size', 'M', '40'])).toEqual(['M', '40', 'One size'])
})
