import { eq } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { addToCart, getCart } from '#app/modules/cart/cart.server.ts'
import { createCategory, createProduct } from '#app/modules/catalog/catalog-admin.server.ts'
import { productVariants } from '#app/modules/catalog/tables.server.ts'
import { createAddress } from '#app/modules/customers/addresses.server.ts'
import { createCustomer } from '#app/modules/customers/customers.server.ts'
import type { DeliveryQuote } from '#app/modules/orders/delivery.ts'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { createVendor } from '#app/modules/vendors/vendors-admin.server.ts'
import { type PlaceOrderInput, placeOrder, type SeenLine } from '#app/workflows/checkout.server.ts'

// Test helpers for the checkout and payments workflows: a small shop (vendors, products with variants, customers
// with an address and a cart) built through the modules' own functions, and a few reads for assertions.

let seq = 0
const next = () => ++seq

/** What every test store has but its name, slug, e-mail and status: spread it into `createVendor` or an insert. */
export const testVendorFields = {
  ownerName: 'Aline Uwase',
  phone: '+250788123456',
  description: 'Tailor',
  about: 'Tailor in Kigali',
  businessAddress: 'KN 4 Ave, Kigali',
  district: 'Gasabo',
  city: 'Kigali',
  policies: { returns: '30 days', shipping: 'Free', warranty: 'None' },
  responseTime: 'hours',
  avatarColours: ['#0b5d7a', '#fad201'] as [string, string],
}

/** An approved store (unless `status` says otherwise); its e-mail is `<slug>@example.rw` (vendors are told of new orders there). */
export async function makeVendor(
  ctx: ServiceContext,
  slug = `store-${next()}`,
  options: { ownerUserId?: string; status?: 'approved' | 'pending' } = {},
): Promise<{ id: number; email: string }> {
  const email = `${slug}@example.rw`
  const { id } = await createVendor(ctx, {
    ...testVendorFields,
    name: slug,
    slug,
    email,
    categories: ['women'],
    specialties: ['Kitenge'],
    status: options.status ?? 'approved',
    ownerUserId: options.ownerUserId,
  })
  return { id, email }
}

/** A vendor's sign-in account (no password: tests act as it by id); its e-mail is `<id>@example.rw`. */
export async function makeVendorUser(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.db.insert(users).values({ id, name: id, email: `${id}@example.rw`, role: 'vendor' })
}

/** A vendor account `ownerUserId` and the store it owns (the store's slug is `slug`, by default the owner's id). */
export async function makeOwnedVendor(
  ctx: ServiceContext,
  ownerUserId: string,
  options: { slug?: string; status?: 'approved' | 'pending' } = {},
): Promise<{ id: number; email: string }> {
  await makeVendorUser(ctx, ownerUserId)
  return makeVendor(ctx, options.slug ?? ownerUserId, { ownerUserId, status: options.status })
}

/** One category per database (test files may share a process: each has its own database). */
const categoryOf = new WeakMap<object, Promise<number>>()
function category(ctx: ServiceContext): Promise<number> {
  let id = categoryOf.get(ctx.db)
  if (!id) {
    id = createCategory(ctx, { slug: `women-${next()}`, name: 'Women', level: 0 }).then((c) => c.id)
    categoryOf.set(ctx.db, id)
  }
  return id
}

export type TestProduct = { productId: number; variantIds: number[]; title: string; price: number }

/** An active product of the vendor with one variant per entry of `stocks` (sizes S, M, L, ...; colour Blue). */
export async function makeProduct(
  ctx: ServiceContext,
  vendorId: number,
  options: { price?: number; stocks?: number[]; title?: string } = {},
): Promise<TestProduct> {
  const n = next()
  const title = options.title ?? `Kitenge dress ${n}`
  const price = options.price ?? 12_500
  const sizes = ['S', 'M', 'L', 'XL', 'XXL']
  const { id, variantIds } = await createProduct(ctx, {
    vendorId,
    categoryId: await category(ctx),
    title,
    slug: `product-${n}`,
    description: 'A dress',
    price,
    variants: (options.stocks ?? [10]).map((stock, i) => ({
      size: sizes[i] ?? `S${i}`,
      colour: 'Blue',
      sku: `SKU-${n}-${i}`,
      stock,
    })),
    images: [],
  })
  return { productId: id, variantIds, title, price }
}

/** A valid address form in Kigali (Gasabo, Kimironko, Bibare); fields can be replaced. */
export const kigaliAddress = (over: Record<string, unknown> = {}) => ({
  label: 'Home',
  recipient: 'Aline Uwase',
  phone: '+250788123456',
  province: 'Kigali',
  district: 'Gasabo',
  sector: 'Kimironko',
  cell: 'Bibare',
  landmark: 'Near the market, green gate',
  ...over,
})

/** An order's delivery address (what checkout copies from a saved one): the Kigali address without its label. */
export function orderAddress(over: Record<string, unknown> = {}) {
  const { label: _label, ...address } = kigaliAddress(over)
  return address as Omit<ReturnType<typeof kigaliAddress>, 'label'> & { recipient: string; phone: string }
}

/** Standard delivery, free, one to two days. */
export const STANDARD_DELIVERY: DeliveryQuote = { option: 'standard', fee: 0, daysMin: 1, daysMax: 2, available: true }

/** A valid address outside Kigali (Musanze). */
export const musanzeAddress = (over: Record<string, unknown> = {}) =>
  kigaliAddress({ province: 'North', district: 'Musanze', sector: 'Muhoza', cell: 'Ruhengeri', ...over })

export type TestCustomer = { id: number; email: string; ownerKey: string; addressId: number }

/** A customer with one address (Kigali unless given) and an empty cart under `user:<id>`. */
export async function makeCustomer(
  ctx: ServiceContext,
  address: Record<string, unknown> = kigaliAddress(),
): Promise<TestCustomer> {
  const n = next()
  const email = `customer-${n}@example.rw`
  const { id } = await createCustomer(ctx, { firstName: 'Aline', lastName: `Customer ${n}`, email })
  const created = await createAddress(ctx, id, address)
  if (!created.ok) throw new Error(`Test address refused: ${JSON.stringify(created)}`)
  return { id, email, ownerKey: `user:${id}`, addressId: created.id }
}

/** Puts `quantity` units of each variant in the owner's cart. */
export async function fillCart(
  ctx: ServiceContext,
  ownerKey: string,
  lines: { variantId: number; quantity: number }[],
) {
  for (const line of lines) {
    const outcome = await addToCart(ctx, ownerKey, line)
    if (!outcome.ok || outcome.quantity !== line.quantity) {
      throw new Error(`Could not put ${line.quantity} of ${line.variantId} in the cart: ${JSON.stringify(outcome)}`)
    }
  }
}

/** What the review step showed: the cart's lines as the form sends them back. */
export async function reviewCart(ctx: ServiceContext, ownerKey: string): Promise<SeenLine[]> {
  const cart = await getCart(ctx, ownerKey)
  return cart.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity, unitPrice: l.unitPrice }))
}

export async function stockOf(ctx: ServiceContext, variantId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId))
  if (!row) throw new Error(`No variant ${variantId}`)
  return row.stock
}

export async function setStock(ctx: ServiceContext, variantId: number, stock: number): Promise<void> {
  await ctx.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId))
}

/** Messages queued for a recipient, oldest first. */
export async function messagesTo(ctx: ServiceContext, recipient: string) {
  return (await listMessages(ctx, { recipient, limit: 1000 })).reverse()
}

/**
 * Places the customer's cart as an order with standard delivery to their address, as checkout's last step does
 * after the review (a new checkout each time); throws on a refusal. Returns the order.
 */
export async function placeCart(
  ctx: ServiceContext,
  c: TestCustomer,
  method: PlaceOrderInput['method'],
  options: { now?: Date } = {},
) {
  const outcome = await tryPlaceCart(ctx, c, method, options)
  if (!outcome.ok) throw new Error(`The order was refused: ${JSON.stringify(outcome)}`)
  return outcome.order
}

/** The customer checks out their cart by standard delivery, having seen `seen` (by default, the cart as it is now). */
export async function tryPlaceCart(
  ctx: ServiceContext,
  c: TestCustomer,
  method: PlaceOrderInput['method'],
  options: { seen?: SeenLine[]; now?: Date } = {},
) {
  return placeOrder(ctx, {
    customerId: c.id,
    ownerKey: c.ownerKey,
    checkoutKey: crypto.randomUUID(),
    addressId: c.addressId,
    delivery: 'standard',
    method,
    seen: options.seen ?? (await reviewCart(ctx, c.ownerKey)),
    now: options.now,
  })
}
