import { describe, expect, test } from 'vitest'
import { niceCeiling, tickIndexes } from './sales-chart.tsx'

describe("the sales chart's scales", () => {
  test('the axis top is 1, 2 or 5 times a power of ten, never below the floor', () => {
    expect(niceCeiling(0, 1000)).toBe(1000)
    expect(niceCeiling(59_500, 1000)).toBe(100_000)
    expect(niceCeiling(120_000, 1000)).toBe(200_000)
    expect(niceCeiling(200_000, 1000)).toBe(200_000)
    expect(niceCeiling(3, 1)).toBe(5)
    expect(niceCeiling(11, 1)).toBe(20)
  })

  test('date ticks: the first and the last day, spread evenly, never more than asked', () => {
    expect(tickIndexes(7, 7)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(tickIndexes(7, 3)).toEqual([0, 3, 6])
    expect(tickIndexes(30, 3)).toEqual([0, 15, 29])
    expect(tickIndexes(90, 6)).toEqual([0, 18, 36, 53, 71, 89])
    expect(tickIndexes(2, 3)).toEqual([0, 1])
  })
})
