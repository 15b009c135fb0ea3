import type { BrowserContext, Page } from '@playwright/test'
import { expect, type Shop, signIn, test } from './fixtures'

// Security: customer B, signed in, posts the address forms straight to the server with customer A's address id
// (no page offers B those forms: this is someone crafting the requests). Every one is answered 404 and changes
// nothing; A's address stays as it was.

/** A customer of the journey's own with a saved address ('Home', the default), signed in in `context`. */
async function customerWithAddress(shop: Shop, context: BrowserContext, firstName: string) {
  const customer = await shop.customer({ firstName, lastName: 'Mukamana' })
  const page = await context.newPage()
  await signIn(page, customer)
  return { page, id: String(customer.addressId), name: customer.name }
}

const addressCard = (page: Page, label: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })

test('customer B cannot read, change, make default or delete customer A’s address', async ({
  browser,
  baseURL,
  shop,
}) => {
  const a = await browser.newContext()
  const b = await browser.newContext()
  const alice = await customerWithAddress(shop, a, 'Alice')
  const bob = await customerWithAddress(shop, b, 'Bob')
  const forms = bob.page.request
  // The page's own origin, as a browser would send it with a form.
  const headers = { origin: baseURL as string }

  const read = await forms.get(`/customer-dashboard/addresses/${alice.id}`)
  expect(read.status()).toBe(404)
  expect(await read.text()).not.toContain(alice.name)

  const edit = await forms.post(`/customer-dashboard/addresses/${alice.id}`, {
    headers,
    form: {
      label: 'Taken over',
      recipient: 'Bob',
      phone: '0722 000 000',
      province: 'Kigali',
      district: 'Gasabo',
      sector: 'Kimironko',
      cell: 'Bibare',
      landmark: 'Somewhere else',
      isDefault: 'on',
    },
    maxRedirects: 0,
  })
  expect(edit.status()).toBe(404)
  // Even a post that the rules would refuse answers 'not found', never a message about A's address.
  const badEdit = await forms.post(`/customer-dashboard/addresses/${alice.id}`, {
    headers,
    form: { label: '' },
    maxRedirects: 0,
  })
  expect(badEdit.status()).toBe(404)
  for (const intent of ['default', 'delete']) {
    const answer = await forms.post('/customer-dashboard/addresses', {
      headers,
      form: { intent, addressId: alice.id },
      maxRedirects: 0,
    })
    expect(answer.status()).toBe(404)
  }

  // Through the pages too: B's edit page for A's id is the not-found page.
  await bob.page.goto(`/customer-dashboard/addresses/${alice.id}`)
  await expect(bob.page.getByRole('heading', { name: /page not found/i })).toBeVisible()

  // A's address is as A left it; B's own still works for B.
  await alice.page.goto('/customer-dashboard/addresses')
  await expect(addressCard(alice.page, 'Home')).toContainText(alice.name)
  await expect(addressCard(alice.page, 'Home')).toContainText('Default')
  await expect(addressCard(alice.page, 'Taken over')).toHaveCount(0)
  const own = await forms.post('/customer-dashboard/addresses', {
    headers,
    form: { intent: 'delete', addressId: bob.id },
    maxRedirects: 0,
  })
  expect([302, 303]).toContain(own.status())
  await a.close()
  await b.close()
})

test('a visitor’s posts to the address forms change nothing and lead to the sign-in page', async ({
  browser,
  playwright,
  baseURL,
  shop,
}) => {
  const a = await browser.newContext()
  const alice = await customerWithAddress(shop, a, 'Alice')
  const visitor = await playwright.request.newContext({ baseURL })
  for (const [path, form] of [
    ['/customer-dashboard/addresses', { intent: 'delete', addressId: alice.id }],
    [`/customer-dashboard/addresses/${alice.id}`, { label: 'Taken' }],
  ] as const) {
    const answer = await visitor.post(path, { headers: { origin: baseURL as string }, form, maxRedirects: 0 })
    expect([302, 303]).toContain(answer.status())
    expect(answer.headers().location).toMatch(/^\/customer-login\?redirectTo=/)
  }
  await alice.page.goto('/customer-dashboard/addresses')
  await expect(addressCard(alice.page, 'Home')).toContainText('Default')
  await visitor.dispose()
  await a.close()
})
