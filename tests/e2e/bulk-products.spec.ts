import { expect, signIn, test } from './fixtures'
import { holdScripts, waitForHydration } from './helpers'

// Bulk actions on the products list: a vendor (a store of the journey's own, tests/e2e/fixtures.ts, with three
// active products) moves the whole page to drafts at once, then ticks two drafts and makes them active again;
// the third stays a draft, off the storefront. Then they duplicate one.

test('a vendor moves products to drafts in bulk, activates two of them, and duplicates one', {
  tag: '@desktop-only',
}, async ({ page, shop }) => {
  const other = await shop.vendor({ products: 1 })
  const vendor = await shop.vendor({ products: 3 })
  const [first, second, third] = vendor.products
  await signIn(page, vendor)
  await page.goto('/vendor-dashboard/products')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products')
  // The count of ticked products is the running page's.
  await waitForHydration(page)

  await page.getByLabel('Select all on this page').check()
  const bar = page.getByRole('form', { name: 'Bulk actions' })
  await expect(bar.getByText('3 selected')).toBeVisible()
  await bar.getByLabel('Action').selectOption({ label: 'Move to drafts' })
  await bar.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText('3 products changed.')
  const storefront = await page.request.get(`/products/${first.slug}`)
  expect(storefront.status()).toBe(404)

  await page.getByRole('link', { name: /^Drafts \(3\)/ }).click()
  await expect(page).toHaveURL(/status=draft/)
  await expect(page.getByRole('row').filter({ hasText: first.title })).toContainText('Draft')
  await page.getByLabel(`Select ${first.title}`).check()
  await page.getByLabel(`Select ${second.title}`).check()
  await expect(bar.getByText('2 selected')).toBeVisible()
  await bar.getByLabel('Action').selectOption({ label: 'Make active' })
  await bar.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText('2 products changed.')
  await expect(page.getByRole('row').filter({ hasText: third.title })).toContainText('Draft')

  await page.getByRole('link', { name: /^Active \(2\)/ }).click()
  await expect(page).toHaveURL(/status=active/)
  for (const p of [first, second]) {
    await expect(page.getByRole('row').filter({ hasText: p.title })).toContainText('Active')
  }
  await page.goto(`/products/${first.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title)

  // Another store's product, posted by hand: not this vendor's, so nothing happens to it.
  const theirs = other.products[0]
  const posted = await page.request.post('/vendor-dashboard/products', {
    form: { intent: 'bulk', action: 'archive', id: String(theirs.id) },
  })
  expect(posted.status()).toBe(200)
  expect((await page.request.get(`/products/${theirs.slug}`)).status()).toBe(200)

  // Duplicate: the copy, a draft, opens in the editor.
  await page.goto('/vendor-dashboard/products')
  await page.getByRole('button', { name: `Duplicate ${third.title}` }).click()
  await expect(page).toHaveURL(/\/vendor-dashboard\/products\/\d+$/)
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Copy of ${third.title}`)
})

test('boxes ticked before the page runs are counted once it runs', { tag: '@desktop-only' }, async ({ page, shop }) => {
  const vendor = await shop.vendor({ products: 3 })
  await signIn(page, vendor)
  const release = await holdScripts(page)
  await page.goto('/vendor-dashboard/products', { waitUntil: 'commit' })
  await page.getByLabel('Select all on this page').check()
  await release()
  await waitForHydration(page)
  // "All on this page" ticks every row, as it does in the running page, and the bar counts them.
  await expect(page.getByRole('form', { name: 'Bulk actions' }).getByText('3 selected')).toBeVisible()
  for (const p of vendor.products) await expect(page.getByLabel(`Select ${p.title}`)).toBeChecked()
})
