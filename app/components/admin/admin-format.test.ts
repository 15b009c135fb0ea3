import { describe, expect, test } from 'vitest'
import { formatPhone } from './format.ts'
import { linkParts } from './linked-text.tsx'

describe('formatPhone', () => {
  test('groups a Rwandan number in E.164 as people write it', () => {
    expect(formatPhone('+250788123456')).toBe('+250 788 123 456')
    expect(formatPhone('+250731234567')).toBe('+250 731 234 567')
  })

  test('leaves anything else as it is', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(formatPhone('')).toBe('')
  })
})

describe('linkParts', () => {
  test('finds the addresses, without the full stop that ends the sentence', () => {
    expect(linkParts('Open https://isoko.rw/vendor/7. Then sign in at http://localhost:3000/vendor-login')).toEqual([
      { text: 'Open ', link: false },
      { text: 'https://isoko.rw/vendor/7', link: true },
      { text: '. Then sign in at ', link: false },
      { text: 'http://localhost:3000/vendor-login', link: true },
    ])
  })

  test('keeps a reset link whole, query string included', () => {
    const link = 'http://127.0.0.1:3201/reset-password?token=abc_DEF-123'
    expect(linkParts(`the link:\n\n${link}\n\nIf it`).filter((p) => p.link)).toEqual([{ text: link, link: true }])
  })

  test('a text without addresses is one plain part', () => {
    expect(linkParts('Hello Aline, nothing to open here.')).toEqual([
      { text: 'Hello Aline, nothing to open here.', link: false },
    ])
  })
})
