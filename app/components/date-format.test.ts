import { describe, expect, it } from 'vitest'
import { dateFormat } from './date-format.ts'

describe('dateFormat', () => {
  it('writes a range with plain spaces, as browsers do, so the server-rendered text hydrates unchanged', () => {
    const range = dateFormat('en-RW', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
      new Date('2026-10-29T00:00:00Z'),
      new Date('2026-11-27T00:00:00Z'),
    )
    expect(range).toBe('29 Oct – 27 Nov 2026')
    expect(dateFormat('fr-RW', { timeStyle: 'short' }).format(new Date('2026-11-27T08:05:00Z'))).not.toMatch(
      /[\u2009\u202f]/,
    )
  })
})
