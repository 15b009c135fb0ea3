import { expect, test } from 'vitest'
import { formatStat } from './format-stat.ts'

test('hero figures are rounded down, never up', () => {
  expect(formatStat(0)).toBe('0')
  expect(formatStat(7)).toBe('7')
  expect(formatStat(30)).toBe('30+')
  expect(formatStat(38)).toBe('30+')
  expect(formatStat(437)).toBe('400+')
  expect(formatStat(999)).toBe('900+')
  expect(formatStat(1234)).toBe('1K+')
  expect(formatStat(10847)).toBe('10K+')
  expect(formatStat(25300)).toBe('25K+')
})
