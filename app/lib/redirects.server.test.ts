import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirects.server.ts'

const SITE = 'https://isoko.example'

describe('safeRedirect', () => {
  it('keeps a path of the site with its query and hash', () => {
    expect(safeRedirect('/products?q=robe#top', SITE)).toBe('/products?q=robe#top')
    expect(safeRedirect('https://isoko.example/cart', SITE)).toBe('/cart')
  })

  it('refuses another origin, however it is spelled', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'http://isoko.example/cart',
      'https://isoko.example.evil.example/',
      'https://isoko.example@evil.example/',
      'javascript:alert(1)',
      'data:text/html,x',
      '/.//evil.example',
    ]) {
      const target = safeRedirect(value, SITE, '/fallback')
      expect(target, value).toMatch(/^\/(?!\/)/)
      expect(new URL(target, SITE).origin, value).toBe(SITE)
    }
    expect(safeRedirect('https://evil.example/', SITE, '/home')).toBe('/home')
  })

  it('falls back on a missing, empty or non-text value', () => {
    expect(safeRedirect(null, SITE)).toBe('/')
    expect(safeRedirect('', SITE, '/cart')).toBe('/cart')
    expect(safeRedirect(new File([], 'x'), SITE, '/cart')).toBe('/cart')
  })

  it('refuses a target longer than 2 KB, which as a Location header a proxy may refuse', () => {
    expect(safeRedirect(`/products?q=${'x'.repeat(3000)}`, SITE, '/cart')).toBe('/cart')
    // Short, but longer than 2 KB once the URL parser has percent-encoded it.
    expect(safeRedirect(`/products?q=${'é'.repeat(400)}`, SITE, '/cart')).toBe('/cart')
    expect(safeRedirect(`/products?q=${'x'.repeat(1900)}`, SITE)).toBe(`/products?q=${'x'.repeat(1900)}`)
  })
})
