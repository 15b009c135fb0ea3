// What the browser journeys ask the fixture service for (tests/e2e/fixtures.ts) and what it answers: plain JSON
// over loopback HTTP. Types only, so that the journeys' process loads none of the server's code.

import type { OrderStatus, VendorOrderStatus } from '#app/modules/orders/order-status.ts'
import type { VendorStatus } from '#app/modules/vendors/tables.server.ts'

export type { OrderStatus, VendorOrderStatus, VendorStatus }

export type CustomerOptions = {
  firstName?: string
  lastName?: string
  /** A long first and last name (the kind that overflows a narrow screen). */
  longNames?: boolean
  /** E.164, e.g. +250788123456; a random MTN or Airtel number by default. */
  phone?: string
  /** A saved Kigali address (true by default). */
  address?: boolean
}

export type FixtureCustomer = {
  /** The customer profile's id. */
  id: number
  userId: string
  email: string
  password: string
  name: string
  phone: string
  addressId: number | null
}

export type VendorOptions = {
  storeName?: string
  /** Active products of the store (3 by default). */
  products?: number
  /** A long store name and long product titles. */
  longNames?: boolean
  /** Pictures per product (1 by default; 0 for none). */
  photos?: number
  /** Units in stock of every variant (20 by default). */
  stock?: number
  /**
   * Units in stock of the store's first variants, one number each, in the order of `products` and of each
   * product's `variantIds` (e.g. [3, 0]: the first product's first variant low, its second out); the others
   * have `stock`.
   */
  stocks?: number[]
  status?: VendorStatus
  /** Where the store's payouts go (none by default). */
  payoutMethod?: { provider: 'momo' | 'airtel'; phone: string }
}

export type FixtureProduct = { id: number; slug: string; title: string; price: number; variantIds: number[] }

export type FixtureVendor = {
  userId: string
  email: string
  password: string
  ownerName: string
  vendorId: number
  storeName: string
  storeSlug: string
  products: FixtureProduct[]
}

export type OrderOptions = {
  customer: Pick<FixtureCustomer, 'id'>
  vendor: Pick<FixtureVendor, 'vendorId' | 'products'>
  status: OrderStatus
  /** The store's part; by default the one that goes with `status` (shipped → dispatched, ...). */
  vendorStatus?: VendorOrderStatus
  /** Order lines, one per variant, over the store's products (1 by default). */
  lines?: number
  /** Units of each line (1 by default). */
  quantity?: number
  /**
   * A delivered order paid online, posted to the ledger as the payments workflow posts it (payment received), and
   * delivered this many days ago (its payable is held PAYABLE_HOLD_DAYS after that). Status 'delivered' only.
   */
  paidAndDeliveredDaysAgo?: number
}

export type FixtureOrder = { id: number; number: string; vendorOrderId: number; total: number }

export type SignedInCookie = { name: string; value: string }
