import { describe, expect, test } from 'vitest'
import { formatPhone } from './phone.ts'

describe('formatPhone', () => {
  test('writes a Rwandan number in threes, as Rwandans do (issue 12: not "+250 78 812 3456")', () => {
    expect(formatPhone('+250788123456')).toBe('+250 788 123 456')
    expect(formatPhone('+250722000111')).toBe('+250 722 000 111')
    expect(formatPhone('+250 78 812 3456')).toBe('+250 788 123 456')
  })

  test('leaves anything else as it is', () => {
    expect(formatPhone('+254712345678')).toBe('+254712345678')
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(formatPhone('')).toBe('')
  })
})
