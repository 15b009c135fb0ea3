import { describe, expect, test } from 'vitest'
import { linkParts } from './linked-text.tsx'

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
