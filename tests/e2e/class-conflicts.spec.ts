import type { Page } from '@playwright/test'
import { twMerge } from 'tailwind-merge'
import { DEMO_PASSWORD, signIn } from './admin-helpers.ts'
import { expect, signIn as signInByCookie, test } from './fixtures.ts'

// cn() joins classes without merging them (app/lib/utils.ts): a component never sets in its own classes what a
// caller varies, it takes a prop. Two classes on one element that set the same thing ('px-4' and 'px-3',
// 'bg-card' and 'bg-muted') leave the winner to the stylesheet's order, not to the caller: this journey finds
// them in the served HTML of each surface's pages, with tailwind-merge (a test-only dependency) as the judge.

function decode(text: string): string {
  return text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
}

/** Each element's class list whose classes tailwind-merge would not all keep, with the classes it would drop. */
async function conflicts(page: Page, path: string): Promise<string[]> {
  const response = await page.request.get(path)
  expect(response.status(), path).toBeLessThan(500)
  const html = await response.text()
  const found = new Set<string>()
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    const classes = decode(m[1] as string)
      .split(/\s+/)
      .filter(Boolean)
    const kept = new Set(twMerge(classes.join(' ')).split(' '))
    const dropped = classes.filter((c) => !kept.has(c))
    if (dropped.length) found.add(`${path}: "${classes.join(' ')}" drops ${dropped.join(' ')}`)
  }
  return [...found]
}

/** The first link on a page whose address matches; none when the list is empty (the demo has no orders). */
async function firstHref(page: Page, listing: string, pattern: RegExp): Promise<string[]> {
  const html = await (await page.request.get(listing)).text()
  const href = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] as string).find((h) => pattern.test(h))
  return href ? [href] : []
}

test.describe('no element carries two classes that set the same thing', { tag: '@desktop-only' }, () => {
  // The HTML does not depend on the window: checked once.

  test('storefront pages', async ({ page }) => {
    test.slow()
    const product = await firstHref(page, '/products', /^\/products\/[^?/]+$/)
    expect(product).toHaveLength(1)
    const paths = [
      '/',
      '/products',
      '/products?category=women&sort=price-low',
      '/products?q=zzzz-nothing',
      ...product,
      '/vendors',
      '/vendor/1',
      '/cart',
      '/favorites',
      '/help',
      '/privacy-policy',
      '/customer-login',
      '/customer-signup',
      '/vendor-onboarding',
      '/forgot-password',
      '/no-such-page',
    ]
    const found: string[] = []
    for (const path of paths) found.push(...(await conflicts(page, path)))
    expect(found).toEqual([])
  })

  test('customer dashboard pages', async ({ page, shop }) => {
    test.slow()
    // A customer of its own with an order in each part of the order pages' life: placed and delivered.
    const customer = await shop.customer()
    const vendor = await shop.vendor({ products: 2 })
    await shop.order({ customer, vendor, status: 'confirmed', lines: 2 })
    await shop.order({ customer, vendor, status: 'delivered' })
    await signInByCookie(page, customer)
    const paths = [
      '/customer-dashboard',
      '/customer-dashboard/profile',
      '/customer-dashboard/addresses',
      '/customer-dashboard/addresses/new',
      '/customer-dashboard/password',
      '/customer-dashboard/orders',
      '/customer-dashboard/messages',
      '/customer-dashboard/reviews',
      '/checkout',
    ]
    const found: string[] = []
    for (const path of paths) found.push(...(await conflicts(page, path)))
    for (const path of await firstHref(page, '/customer-dashboard/orders', /^\/customer-dashboard\/orders\/[^?/]+$/))
      found.push(...(await conflicts(page, path)))
    expect(found).toEqual([])
  })

  test('vendor workspace pages', async ({ page, shop }) => {
    test.slow()
    // A store of the test's own, with products, a low and a sold-out variant, and an order.
    const vendor = await shop.vendor({ products: 3, stocks: [3, 0] })
    await shop.order({ customer: await shop.customer(), vendor, status: 'confirmed', lines: 2 })
    await signInByCookie(page, vendor)
    const paths = [
      '/vendor-dashboard',
      '/vendor-dashboard/products',
      '/vendor-dashboard/products/new',
      '/vendor-dashboard/inventory',
      '/vendor-dashboard/analytics?days=90',
      '/vendor-dashboard/messages',
      '/vendor-dashboard/reviews',
      '/vendor-dashboard/orders',
      '/vendor-dashboard/settings',
    ]
    const found: string[] = []
    for (const path of paths) found.push(...(await conflicts(page, path)))
    for (const path of await firstHref(page, '/vendor-dashboard/products', /^\/vendor-dashboard\/products\/\d+$/))
      found.push(...(await conflicts(page, path)))
    for (const path of await firstHref(page, '/vendor-dashboard/orders', /^\/vendor-dashboard\/orders\/\d+$/))
      found.push(...(await conflicts(page, path)))
    expect(found).toEqual([])
  })

  test('admin console pages', async ({ page }) => {
    test.slow()
    await signIn(page, '/customer-login', 'admin@isoko.rw', DEMO_PASSWORD)
    const paths = ['/admin', '/admin/support', '/admin/orders', '/admin/conversations']
    const found: string[] = []
    for (const path of paths) found.push(...(await conflicts(page, path)))
    for (const path of await firstHref(page, '/admin/orders', /^\/admin\/orders\/[^?/]+$/))
      found.push(...(await conflicts(page, path)))
    expect(found).toEqual([])
  })
})
