import { beforeAll, describe, expect, test } from 'vitest'

// Isoko's cookies (guest, checkout, flash), all through React Router's createCookie: what is written reads back,
// a changed or forged value reads as absent, and every one is HttpOnly, SameSite=Lax and, on an https site, Secure.

type Modules = {
  guest: typeof import('./guest.server.ts')
  flash: typeof import('./flash.server.ts')
  checkout: typeof import('#app/routes/storefront/checkout.server.ts')
}
let m: Modules

beforeAll(async () => {
  process.env.SESSION_SECRET = 'a-test-secret-that-is-long-enough-to-use-here'
  process.env.PUBLIC_URL = 'https://isoko.example'
  m = {
    guest: await import('./guest.server.ts'),
    flash: await import('./flash.server.ts'),
    checkout: await import('#app/routes/storefront/checkout.server.ts'),
  }
})

/** The request a browser sends back after `setCookie`. */
function withCookie(setCookie: string): Request {
  return new Request('https://isoko.example/', { headers: { Cookie: setCookie.split(';')[0] ?? '' } })
}

/** The same cookie with one character of its value changed. */
function tampered(setCookie: string): Request {
  const pair = setCookie.split(';')[0] ?? ''
  const at = pair.indexOf('=') + 3
  const changed = pair.slice(0, at) + (pair[at] === 'A' ? 'B' : 'A') + pair.slice(at + 1)
  return new Request('https://isoko.example/', { headers: { Cookie: changed } })
}

function expectAttributes(setCookie: string, maxAge: number) {
  expect(setCookie).toContain(`Max-Age=${maxAge}`)
  expect(setCookie).toContain('Path=/')
  expect(setCookie).toContain('HttpOnly')
  expect(setCookie).toContain('SameSite=Lax')
  expect(setCookie).toContain('Secure')
}

describe('the guest cookie', () => {
  test('a first write creates a guest, whose cookie finds the same owner key afterwards', async () => {
    const owner = await m.guest.requireOwner(new Request('https://isoko.example/'))
    expect(owner.ownerKey).toMatch(/^guest:[0-9a-f-]{36}$/)
    expect(owner.setCookie).toMatch(/^isoko_guest=/)
    expectAttributes(owner.setCookie ?? '', 60 * 60 * 24 * 365)
    expect(await m.guest.findOwnerKey(withCookie(owner.setCookie ?? ''))).toBe(owner.ownerKey)
    expect(await m.guest.requireOwner(withCookie(owner.setCookie ?? ''))).toEqual({ ownerKey: owner.ownerKey })
  })

  test('a changed or forged cookie is no guest', async () => {
    const owner = await m.guest.requireOwner(new Request('https://isoko.example/'))
    expect(await m.guest.findOwnerKey(tampered(owner.setCookie ?? ''))).toBeNull()
    const forged = new Request('https://isoko.example/', { headers: { Cookie: 'isoko_guest=abc.def' } })
    expect(await m.guest.findOwnerKey(forged)).toBeNull()
    expect(await m.guest.findOwnerKey(new Request('https://isoko.example/'))).toBeNull()
  })

  test('forgetting the guest clears the cookie, Secure as it was set', async () => {
    const clear = await m.guest.clearGuestCookie()
    expect(clear).toMatch(/^isoko_guest=;/)
    expectAttributes(clear, 0)
  })
})

describe('the flash cookie', () => {
  test('carries a toast to the next page once, with the header that clears it', async () => {
    const toast = { kind: 'success' as const, title: 'account.toast.signedOut', values: { name: 'Aline Uwase' } }
    const setCookie = await m.flash.flashCookie(toast)
    expectAttributes(setCookie, 60)
    const read = await m.flash.readFlash(withCookie(setCookie))
    expect(read?.flash).toEqual(toast)
    expect(read?.clear).toMatch(/^isoko_flash=;/)
    expectAttributes(read?.clear ?? '', 0)
  })

  test('shows nothing for a changed cookie, or none', async () => {
    const setCookie = await m.flash.flashCookie({ kind: 'error', title: 'upload.error.too_large' })
    expect(await m.flash.readFlash(tampered(setCookie))).toBeNull()
    expect(await m.flash.readFlash(new Request('https://isoko.example/'))).toBeNull()
  })
})

describe('the checkout cookie', () => {
  test('keeps the checkout’s choices between steps, and a changed cookie starts a new checkout', async () => {
    const draft = {
      key: '8d1f8f5e-3f1a-4a3e-9d55-6a7c1b2e4f90',
      addressId: 3,
      delivery: 'express' as const,
      method: 'momo' as const,
      phone: '+250788123456',
    }
    const setCookie = await m.checkout.draftCookie(draft)
    expectAttributes(setCookie, 60 * 60 * 24)
    expect(await m.checkout.readDraft(withCookie(setCookie))).toEqual(draft)
    const fresh = await m.checkout.readDraft(tampered(setCookie))
    expect(fresh).toEqual({ key: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(fresh.key).not.toBe(draft.key)
  })
})
