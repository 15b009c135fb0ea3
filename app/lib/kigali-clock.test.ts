import { describe, expect, it } from 'vitest'
import { kigaliDayStart, onKigaliClock } from './kigali-clock.ts'

describe("Kigali's clock", () => {
  it('begins a Kigali day at 22:00 UTC the day before, and counts whole days from it', () => {
    expect(kigaliDayStart('2026-11-27').toISOString()).toBe('2026-11-26T22:00:00.000Z')
    expect(kigaliDayStart('2026-12-31', 1).toISOString()).toBe('2026-12-31T22:00:00.000Z')
    expect(kigaliDayStart('2026-03-01', -1).toISOString()).toBe('2026-02-27T22:00:00.000Z')
  })

  it('reads an instant as Kigali’s wall clock', () => {
    const local = onKigaliClock(new Date('2026-11-26T23:30:00Z'))
    expect([local.getUTCDate(), local.getUTCHours(), local.getUTCMinutes()]).toEqual([27, 1, 30])
    expect(onKigaliClock(Date.parse('2026-01-01T00:00:00Z')).getUTCHours()).toBe(2)
  })
})
