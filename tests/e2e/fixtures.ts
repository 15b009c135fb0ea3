import { test as base, expect, type Page } from '@playwright/test'
import type {
  CustomerOptions,
  FixtureCustomer,
  FixtureOrder,
  FixtureVendor,
  OrderOptions,
  SignedInCookie,
  VendorOptions,
} from '../fixture-service/protocol.ts'

// Journeys that own their data. `shop` makes a customer, a store with products, or an order in any status, in the
// server's process (tests/fixture-service, started by scripts/e2e-server.mjs), and removes all of it when the
// test ends; `signIn` signs a person in by cookie, without the login form (the login journeys test the form).
//
//   import { expect, signIn, test } from './fixtures'
//   test('…', async ({ page, shop }) => {
//     const vendor = await shop.vendor({ products: 5, longNames: true })
//     await signIn(page, vendor)
//   })

export type { CustomerOptions, FixtureCustomer, FixtureOrder, FixtureVendor, OrderOptions, VendorOptions }

const SERVICE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2}`

async function call<T>(path: string, body: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(`${SERVICE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  } catch (error) {
    throw new Error(
      `The fixture service at ${SERVICE} did not answer: is a server left running from an older build? Stop it, or ` +
        `start the journeys with CI=true so that they start their own (${String(error)})`,
    )
  }
  const answer = (await response.json()) as T & { error?: string }
  if (!response.ok) throw new Error(`Fixture ${path} failed: ${answer.error ?? response.status}`)
  return answer
}

export type Shop = {
  /** A customer account with a profile (and a Kigali address unless `address: false`). */
  customer(options?: CustomerOptions): Promise<FixtureCustomer>
  /** A vendor account owning a store (approved unless told) with `products` active products (3 by default). */
  vendor(options?: VendorOptions): Promise<FixtureVendor>
  /** An order of the customer's from the store, in the status asked for. */
  order(options: OrderOptions): Promise<FixtureOrder>
}

export const test = base.extend<{ shop: Shop }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures this one needs from the pattern.
  shop: async ({}, use, testInfo) => {
    const scope = `${testInfo.testId}:${testInfo.project.name}:${testInfo.repeatEachIndex}:${Math.random()}`
    await use({
      customer: (options = {}) => call('/customer', { scope, options }),
      vendor: (options = {}) => call('/vendor', { scope, options }),
      order: (options) =>
        call('/order', {
          scope,
          // Only what the service needs of the people: ids and the products' variants.
          options: {
            ...options,
            customer: { id: options.customer.id },
            vendor: { vendorId: options.vendor.vendorId, products: options.vendor.products },
          },
        }),
    })
    await call('/clean-up', { scope })
  },
})

export { expect }

/**
 * Signs a person in by cookie (a session made by the server's own auth, set in the page's browser context): the
 * next page opened is theirs. Works for the demo accounts too ({ email, password }).
 */
export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  const cookies = await call<SignedInCookie[]>('/sign-in', { options: { email: who.email, password: who.password } })
  const url = test.info().project.use.baseURL
  if (!url) throw new Error('signIn needs the project’s baseURL')
  await page.context().addCookies(cookies.map((c) => ({ ...c, url })))
}
