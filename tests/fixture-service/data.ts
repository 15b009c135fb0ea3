import { randomBytes } from 'node:crypto'
import { faker } from '@faker-js/faker'
import { makeSignature } from 'better-auth/crypto'
import { eq, inArray } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import type { AccountsContext } from '#app/modules/accounts/accounts.server.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { cartLines, favourites } from '#app/modules/cart/tables.server.ts'
import { createCategory, createProduct } from '#app/modules/catalog/catalog-admin.server.ts'
import { categories, products, reviews } from '#app/modules/catalog/tables.server.ts'
import { createAddress } from '#app/modules/customers/addresses.server.ts'
import { createCustomer } from '#app/modules/customers/customers.server.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import { postPaymentReceived, recordDelivered } from '#app/modules/ledger/ledger.server.ts'
import { createOrder, listVendorOrderAmounts, releaseOrderToVendors } from '#app/modules/orders/orders.server.ts'
import { orderEvents, orders, type PaymentMethod, vendorOrders } from '#app/modules/orders/tables.server.ts'
import { payouts } from '#app/modules/payouts/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { createVendor } from '#app/modules/vendors/vendors-admin.server.ts'
import { type FlatItem, flattenItems, slugify } from '#db/seed/catalogue.ts'
import { pooledColours, productImageKey, productPlaceholder } from '#db/seed/images.ts'
import { emailPart, fakeCustomer, fakeRwandanPhone } from '../factories/customers.ts'
import { fakeProduct } from '../factories/products.ts'
import { fakeVendor } from '../factories/vendors.ts'
import type {
  CustomerOptions,
  FixtureCustomer,
  FixtureOrder,
  FixtureVendor,
  OrderOptions,
  OrderStatus,
  SignedInCookie,
  VendorOptions,
  VendorOrderStatus,
} from './protocol.ts'

// The browser journeys' own data, made with the test factories through the modules' functions, and removed again
// by `cleanUp`. Each journey's records are remembered under its scope (one per test), and only those are removed.

/** The password of every fixture account: strong enough for the accounts module's rules. */
export const FIXTURE_PASSWORD = 'Kitenge-Blue-42'

let passwordHash: Promise<string> | undefined

/**
 * An account that signs in with FIXTURE_PASSWORD, made through better-auth's own adapter. The password is hashed
 * once per process (scrypt is slow on purpose): each account costs two inserts, not a second of CPU.
 */
async function createFixtureAccount(
  ctx: AccountsContext,
  input: { name: string; email: string; role: AccountRole },
): Promise<string> {
  const auth = await ctx.auth.$context
  passwordHash ??= auth.password.hash(FIXTURE_PASSWORD)
  const user = await auth.internalAdapter.createUser(
    { email: input.email, name: input.name, emailVerified: false },
    { method: 'email-password' },
  )
  await auth.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await passwordHash,
  })
  if (input.role !== 'customer') await ctx.db.update(users).set({ role: input.role }).where(eq(users.id, user.id))
  return user.id
}

export type Scope = {
  userIds: Set<string>
  customerIds: Set<number>
  vendorIds: Set<number>
}

export function newScope(): Scope {
  return { userIds: new Set(), customerIds: new Set(), vendorIds: new Set() }
}

/** Unique across runs and processes that share a database: addresses and slugs never collide. */
function uniqueTag(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
}

const LONG_FIRST = 'Nyiramahoro-Uwimanimpaye'
const LONG_LAST = 'Mukamurenzi-Nyirahabimana Umutoniwase'
const LONG_STORE = "Inzu y'Imyambaro n'Ubukorikori bwa Kinyarwanda, Nyarugenge na Kicukiro"
const LONG_TITLE_TAIL = "cyakozwe n'intoki i Nyamirambo, Umwimerere-w'Ubukorikori-bw'u-Rwanda, made by hand in Kigali"

export async function makeFixtureCustomer(
  ctx: AccountsContext,
  scope: Scope,
  o: CustomerOptions = {},
): Promise<FixtureCustomer> {
  const tag = uniqueTag()
  const base = fakeCustomer(faker, 0)
  const firstName = o.firstName ?? (o.longNames ? LONG_FIRST : base.firstName)
  const lastName = o.lastName ?? (o.longNames ? LONG_LAST : base.lastName)
  const email = `${emailPart(firstName).slice(0, 20)}.${tag}@example.rw`
  const name = `${firstName} ${lastName}`
  const phone = o.phone ?? fakeRwandanPhone(faker)
  const userId = await createFixtureAccount(ctx, { name, email, role: 'customer' })
  scope.userIds.add(userId)
  const { id } = await createCustomer(ctx, { firstName, lastName, email, userId, phone })
  scope.customerIds.add(id)
  let addressId: number | null = null
  if (o.address ?? true) {
    const created = await createAddress(ctx, id, {
      label: 'Home',
      recipient: name,
      phone,
      province: 'Kigali',
      district: 'Gasabo',
      sector: 'Kimironko',
      cell: 'Bibare',
      landmark: 'Near the market, green gate',
    })
    if (!created.ok) throw new Error(`Fixture address refused: ${JSON.stringify(created)}`)
    addressId = created.id
  }
  return { id, userId, email, password: FIXTURE_PASSWORD, name, phone, addressId }
}

/** The category of an item of the demo tree, made when the database has none (a test database). */
async function categoryFor(ctx: ServiceContext, item: FlatItem): Promise<number> {
  const [found] = await ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, item.slug))
  if (found) return found.id
  return (await createCategory(ctx, { slug: item.slug, name: item.spec.name, level: 2 })).id
}

/** Clothes with sizes and colours first: a product page with choices to make. */
function itemsForStores(): FlatItem[] {
  const all = flattenItems()
  const women = all.filter((i) => i.department.slug === 'women')
  return women.length > 0 ? women : all
}

export async function makeFixtureVendor(
  ctx: AccountsContext,
  scope: Scope,
  o: VendorOptions = {},
): Promise<FixtureVendor> {
  const tag = uniqueTag()
  const owner = fakeCustomer(faker, 0)
  const ownerName = `${owner.firstName} ${owner.lastName}`
  const storeName = o.storeName ?? (o.longNames ? LONG_STORE : `${owner.lastName} Fashion ${tag.slice(-4)}`)
  const email = `vendor.${tag}@example.rw`
  const userId = await createFixtureAccount(ctx, { name: ownerName, email, role: 'vendor' })
  scope.userIds.add(userId)
  const items = itemsForStores()
  const input = fakeVendor(
    faker,
    {
      name: storeName,
      ownerName,
      district: 'Nyarugenge',
      city: 'Kigali',
      address: 'KN 2 St',
      departments: [...new Set(items.map((i) => i.department.slug))],
      specialties: ['Kitenge', 'Tailoring'],
      description: 'Clothes made to measure in Kigali.',
      about: 'A family workshop in Nyarugenge.',
      avatarColours: ['#0b5d7a', '#fad201'],
      joinedAt: new Date(),
    },
    { status: o.status ?? 'approved', ownerUserId: userId },
  )
  const storeSlug = `${slugify(storeName).slice(0, 60)}-${tag}`
  const { id: vendorId } = await createVendor(ctx, { ...input, slug: storeSlug, email })
  scope.vendorIds.add(vendorId)
  if (o.payoutMethod) {
    await ctx.db
      .update(vendors)
      .set({
        payoutProvider: o.payoutMethod.provider,
        payoutPhone: o.payoutMethod.phone,
        payoutMethodSetAt: new Date(),
      })
      .where(eq(vendors.id, vendorId))
  }

  const made: FixtureVendor['products'] = []
  const count = o.products ?? 3
  const photos = o.photos ?? 1
  // `stocks` first, one a variant in turn over the products; then `stock`.
  const stocks = [...(o.stocks ?? [])]
  for (let k = 0; k < count; k++) {
    const item = items[k % items.length]
    const pool = pooledColours(item)
    const { input: product } = fakeProduct(faker, {
      seq: k + 1,
      item,
      vendor: { id: vendorId, name: storeName, city: 'Kigali' },
      categoryId: await categoryFor(ctx, item),
      now: new Date(),
      notBefore: new Date(Date.now() - 86_400_000),
      leadColour: pool[0],
      soldOut: false,
      onSale: false,
    })
    const title = o.longNames ? `${product.title} ${LONG_TITLE_TAIL}`.slice(0, 120) : product.title
    const slug = `${slugify(product.title)}-${tag}-${k + 1}`
    const images = Array.from({ length: photos }, (_, i) => {
      const colour = pool[i % pool.length]
      return {
        imageKey: productImageKey(item, colour),
        alt: `${title}, ${colour}`,
        width: 800,
        height: 1000,
        placeholder: productPlaceholder(colour),
      }
    })
    const variants = product.variants.map((v) => ({
      ...v,
      sku: `FX-${tag}-${k + 1}-${v.sku}`,
      stock: stocks.shift() ?? o.stock ?? 20,
    }))
    const created = await createProduct(ctx, {
      ...product,
      title,
      slug,
      badge: null,
      createdAt: new Date(),
      variants,
      images,
    })
    made.push({ id: created.id, slug, title, price: product.price, variantIds: created.variantIds })
  }
  return {
    userId,
    email,
    password: FIXTURE_PASSWORD,
    ownerName,
    vendorId,
    storeName,
    storeSlug,
    products: made,
  }
}

/** The store's part that goes with an order's status. */
function vendorStatusFor(status: OrderStatus): VendorOrderStatus {
  switch (status) {
    case 'shipped':
      return 'dispatched'
    case 'partly_shipped':
      return 'packed'
    case 'delivered':
      return 'delivered'
    case 'cancelled':
    case 'refunded':
      return 'cancelled'
    default:
      return 'new'
  }
}

/**
 * An order of the customer's from the store, put straight into the status asked for (and its store part into
 * the matching one): the journeys see every badge without walking each order through its machine.
 */
export async function makeFixtureOrder(ctx: ServiceContext, o: OrderOptions): Promise<FixtureOrder> {
  const lineCount = o.lines ?? 1
  const quantity = o.quantity ?? 1
  const rounds = Math.max(...o.vendor.products.map((p) => p.variantIds.length), 0)
  const variants = Array.from({ length: rounds }, (_, r) =>
    o.vendor.products.filter((p) => r < p.variantIds.length).map((p) => ({ p, variantId: p.variantIds[r] })),
  ).flat()
  if (variants.length === 0) throw new Error('The store has no products to order')
  const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, o.customer.id))
  if (!customer) throw new Error(`No customer ${o.customer.id}`)
  const online = ['pending_payment', 'paid', 'refunded'].includes(o.status)
  const method: PaymentMethod = online ? 'momo' : 'cod'
  // One line per variant (a variant appears once in an order), over the store's products in turn.
  const lines = variants.slice(0, lineCount).map(({ p, variantId }) => ({
    variantId,
    productId: p.id,
    vendorId: o.vendor.vendorId,
    title: p.title,
    slug: p.slug,
    size: null,
    colour: null,
    sku: `FX-${variantId}`,
    unitPrice: p.price,
    quantity,
  }))
  const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0)
  const fee = 1_500
  const { order } = await createOrder(ctx, {
    customerId: customer.id,
    checkoutKey: `fixture-${uniqueTag()}`,
    paymentMethod: method,
    delivery: { option: 'standard', fee, daysMin: 1, daysMax: 2, available: true },
    address: {
      recipient: `${customer.firstName} ${customer.lastName}`,
      phone: customer.phone ?? '+250788123456',
      province: 'Kigali',
      district: 'Gasabo',
      sector: 'Kimironko',
      cell: 'Bibare',
      landmark: 'Near the market, green gate',
    },
    lines,
    paymentDueAt: online ? new Date(Date.now() + 15 * 60_000) : null,
    vatAmount: Math.round(((subtotal + fee) * 18) / 118),
  })
  if (o.status !== 'pending_payment') await releaseOrderToVendors(ctx, order.id)
  const vendorStatus = o.vendorStatus ?? vendorStatusFor(o.status)
  const [vendorOrder] = await ctx.db
    .update(vendorOrders)
    .set({ status: vendorStatus, updatedAt: new Date() })
    .where(eq(vendorOrders.orderId, order.id))
    .returning({ id: vendorOrders.id })
  if (o.status !== order.status) {
    await ctx.db.update(orders).set({ status: o.status, updatedAt: new Date() }).where(eq(orders.id, order.id))
    await ctx.db
      .insert(orderEvents)
      .values({ orderId: order.id, fromStatus: order.status, toStatus: o.status, actor: 'system' })
  }
  if (o.paidAndDeliveredDaysAgo !== undefined) {
    if (o.status !== 'delivered') throw new Error('paidAndDeliveredDaysAgo goes with status delivered')
    // As the payments workflow posts a MoMo payment (its payment id here is the order's: fixture orders have no
    // payment row), then the delivery that starts the payable's hold, back-dated.
    await postPaymentReceived(ctx, {
      paymentId: -order.id,
      orderId: order.id,
      amount: subtotal + fee,
      deliveryFee: fee,
      placedAt: new Date(),
      vendorOrders: await listVendorOrderAmounts(ctx, order.id),
    })
    await recordDelivered(ctx, {
      vendorOrderId: vendorOrder.id,
      at: new Date(Date.now() - o.paidAndDeliveredDaysAgo * 86_400_000),
    })
  }
  return { id: order.id, number: order.number, vendorOrderId: vendorOrder.id, total: subtotal + fee }
}

/**
 * Removes what the scope made, and what its people made through the pages (orders, reviews, products, carts):
 * orders first (their lines, store parts, events and payments go with them), then reviews, products, stores,
 * customer profiles and accounts.
 */
export async function cleanUp(ctx: ServiceContext, scope: Scope): Promise<void> {
  const customerIds = [...scope.customerIds]
  const vendorIds = [...scope.vendorIds]
  const userIds = [...scope.userIds]
  if (customerIds.length + vendorIds.length + userIds.length === 0) return
  // Profiles made through the pages by the scope's accounts (none today, but a sign-up journey could).
  if (userIds.length > 0) {
    const more = await ctx.db.select({ id: customers.id }).from(customers).where(inArray(customers.userId, userIds))
    for (const c of more) if (!customerIds.includes(c.id)) customerIds.push(c.id)
  }
  const orderIds = new Set<number>()
  if (customerIds.length > 0) {
    const rows = await ctx.db.select({ id: orders.id }).from(orders).where(inArray(orders.customerId, customerIds))
    for (const r of rows) orderIds.add(r.id)
  }
  if (vendorIds.length > 0) {
    const rows = await ctx.db
      .select({ id: vendorOrders.orderId })
      .from(vendorOrders)
      .where(inArray(vendorOrders.vendorId, vendorIds))
    for (const r of rows) orderIds.add(r.id)
  }
  if (orderIds.size > 0) await ctx.db.delete(orders).where(inArray(orders.id, [...orderIds]))
  if (customerIds.length > 0) await ctx.db.delete(reviews).where(inArray(reviews.customerId, customerIds))
  if (vendorIds.length > 0) await ctx.db.delete(products).where(inArray(products.vendorId, vendorIds))
  if (vendorIds.length > 0) await ctx.db.delete(payouts).where(inArray(payouts.vendorId, vendorIds))
  if (vendorIds.length > 0) await ctx.db.delete(vendors).where(inArray(vendors.id, vendorIds))
  if (customerIds.length > 0) await ctx.db.delete(customers).where(inArray(customers.id, customerIds))
  if (userIds.length > 0) {
    const keys = userIds.map((id) => `user:${id}`)
    await ctx.db.delete(cartLines).where(inArray(cartLines.ownerKey, keys))
    await ctx.db.delete(favourites).where(inArray(favourites.ownerKey, keys))
    await ctx.db.delete(users).where(inArray(users.id, userIds))
  }
}

/** Whether anything the scope made is still there (for the fixtures' own test). */
export async function leftovers(ctx: ServiceContext, scope: Scope): Promise<number> {
  const userIds = [...scope.userIds]
  const vendorIds = [...scope.vendorIds]
  const customerIds = [...scope.customerIds]
  const found = await Promise.all([
    userIds.length ? ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, userIds)) : [],
    vendorIds.length
      ? ctx.db.select({ id: products.id }).from(products).where(inArray(products.vendorId, vendorIds))
      : [],
    vendorIds.length ? ctx.db.select({ id: vendors.id }).from(vendors).where(inArray(vendors.id, vendorIds)) : [],
    customerIds.length
      ? ctx.db.select({ id: customers.id }).from(customers).where(inArray(customers.id, customerIds))
      : [],
    customerIds.length
      ? ctx.db.select({ id: orders.id }).from(orders).where(inArray(orders.customerId, customerIds))
      : [],
  ])
  return found.reduce((n, rows) => n + rows.length, 0)
}

/**
 * A signed-in session for an account (a fixture's or a demo one), as the session cookie the server would set:
 * made directly, without the login form and without checking the password again.
 */
export async function sessionCookies(ctx: AccountsContext, email: string): Promise<SignedInCookie[]> {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()))
  if (!user) throw new Error(`No account ${email}`)
  const auth = await ctx.auth.$context
  const session = await auth.internalAdapter.createSession(user.id)
  const signed = `${session.token}.${await makeSignature(session.token, auth.secret)}`
  return [{ name: auth.authCookies.sessionToken.name, value: encodeURIComponent(signed) }]
}
