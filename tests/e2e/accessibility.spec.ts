import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

const pages = [
  '/',
  '/products',
  '/products?category=women&sort=price-low',
  '/vendors',
  '/vendor/1',
  '/vendor/99999',
  '/cart',
  '/favorites',
  '/help',
  '/privacy-policy',
  '/customer-login',
  '/vendor-onboarding',
  '/no-such-page',
]

for (const path of pages) {
  test(`axe finds no serious violation on ${path}`, async ({ page }) => {
    await page.goto(path)
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(
      serious.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
    ).toEqual([])
  })
}
