import { and, asc, eq, inArray, sql, sum } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getProductCards } from '#app/modules/catalog/catalog.server.ts'
import { currentStockOf } from '#app/modules/catalog/stock.server.ts'
import type { ImageData, ProductCardData } from '#app/modules/catalog/types.ts'
import {
  findPurchasableVariant,
  getPurchasableVariantsOf,
  listPurchasableVariants,
} from '#app/modules/catalog/variants.server.ts'
import type { CartOutcome } from './cart.schemas.ts'
import { cartLines, favourites } from './tables.server.ts'

/** Units in the owner's cart (the badge in the header). */
export async function getCartCount(ctx: ServiceContext, ownerKey: string | null): Promise<number> {
  if (!ownerKey) return 0
  const [row] = await ctx.db
    .select({ n: sum(cartLines.quantity) })
    .from(cartLines)
    .where(eq(cartLines.ownerKey, ownerKey))
  return Number(row?.n ?? 0)
}

/** Ids of the owner's favourite products. */
export async function getFavouriteIds(ctx: ServiceContext, ownerKey: string | null): Promise<number[]> {
  if (!ownerKey) return []
  const rows = await ctx.db
    .select({ id: favourites.productId })
    .from(favourites)
    .where(eq(favourites.ownerKey, ownerKey))
    .orderBy(asc(favourites.addedAt))
  return rows.map((r) => r.id)
}

/**
 * Adds units of a variant to the owner's cart: a new line starts at `quantity`, an existing line grows by it,
 * never beyond the variant's stock. One statement, so two posts at once cannot pass the stock between them.
 */
export async function addToCart(
  ctx: ServiceContext,
  ownerKey: string,
  input: { variantId: number; quantity?: number },
): Promise<CartOutcome> {
  const wanted = Math.max(1, input.quantity ?? 1)
  const variant = await findPurchasableVariant(ctx, input.variantId)
  if (!variant) return { ok: false, code: 'not_found' }
  if (variant.stock <= 0) return { ok: false, code: 'out_of_stock', available: 0 }
  const rows = await ctx.db
    .insert(cartLines)
    .values({ ownerKey, variantId: input.variantId, quantity: Math.min(wanted, variant.stock) })
    .onConflictDoUpdate({
      target: [cartLines.ownerKey, cartLines.variantId],
      set: {
        quantity: sql`least(${cartLines.quantity} + ${wanted}, ${currentStockOf(input.variantId)})`,
      },
      setWhere: sql`${cartLines.quantity} < ${currentStockOf(input.variantId)}`,
    })
    .returning({ quantity: cartLines.quantity })
  const row = rows[0]
  if (!row) return { ok: false, code: 'stock_limit', available: variant.stock }
  return { ok: true, quantity: row.quantity }
}

/**
 * Adds the variant of a product that the shopper chose by size and colour (what the product page's radio
 * buttons post). Refuses, without adding anything, a product with several variants whose size or colour was not
 * chosen (`choose_variant`: never a silent default) and a combination the product does not have
 * (`no_such_variant`); otherwise as `addToCart`.
 */
export async function addChoiceToCart(
  ctx: ServiceContext,
  ownerKey: string,
  input: { productId: number; size?: string; colour?: string; quantity?: number },
): Promise<CartOutcome> {
  const variants = await getPurchasableVariantsOf(ctx, input.productId)
  if (variants.length === 0) return { ok: false, code: 'not_found' }
  const size = input.size ?? null
  const colour = input.colour ?? null
  const only = variants.length === 1 && !size && !colour ? variants[0] : undefined
  const variant = only ?? variants.find((v) => v.size === size && v.colour === colour)
  if (variant) return addToCart(ctx, ownerKey, { variantId: variant.id, quantity: input.quantity })
  const missing: ('size' | 'colour')[] = []
  if (!size && variants.some((v) => v.size)) missing.push('size')
  if (!colour && variants.some((v) => v.colour)) missing.push('colour')
  if (missing.length > 0) return { ok: false, code: 'choose_variant', missing }
  return { ok: false, code: 'no_such_variant' }
}

/** Sets a line's quantity, capped by stock; zero or less removes the line. */
export async function setCartQuantity(
  ctx: ServiceContext,
  ownerKey: string,
  input: { variantId: number; quantity: number },
): Promise<CartOutcome> {
  if (input.quantity <= 0) {
    await removeFromCart(ctx, ownerKey, input.variantId)
    return { ok: true, quantity: 0 }
  }
  const variant = await findPurchasableVariant(ctx, input.variantId)
  if (!variant) {
    await removeFromCart(ctx, ownerKey, input.variantId)
    return { ok: false, code: 'not_found' }
  }
  const quantity = Math.min(input.quantity, variant.stock)
  if (quantity <= 0) return { ok: false, code: 'out_of_stock', available: 0 }
  const rows = await ctx.db
    .update(cartLines)
    .set({ quantity })
    .where(and(eq(cartLines.ownerKey, ownerKey), eq(cartLines.variantId, input.variantId)))
    .returning({ quantity: cartLines.quantity })
  if (!rows[0]) return { ok: false, code: 'not_found' }
  return quantity < input.quantity
    ? { ok: false, code: 'stock_limit', available: variant.stock }
    : { ok: true, quantity }
}

export async function removeFromCart(ctx: ServiceContext, ownerKey: string, variantId: number): Promise<void> {
  await ctx.db.delete(cartLines).where(and(eq(cartLines.ownerKey, ownerKey), eq(cartLines.variantId, variantId)))
}

export async function clearCart(ctx: ServiceContext, ownerKey: string): Promise<void> {
  await ctx.db.delete(cartLines).where(eq(cartLines.ownerKey, ownerKey))
}

export type CartLine = {
  variantId: number
  productId: number
  slug: string
  title: string
  image: ImageData | null
  vendor: { id: number; name: string }
  size: string | null
  colour: string | null
  unitPrice: number
  compareAtPrice: number | null
  stock: number
  quantity: number
  lineTotal: number
}

export type Cart = { lines: CartLine[]; itemCount: number; subtotal: number; shipping: number; total: number }

/** The owner's cart with current prices and stock; lines of products no longer on sale are left out. */
export async function getCart(ctx: ServiceContext, ownerKey: string | null): Promise<Cart> {
  const rows = ownerKey
    ? await ctx.db
        .select({ variantId: cartLines.variantId, quantity: cartLines.quantity })
        .from(cartLines)
        .where(eq(cartLines.ownerKey, ownerKey))
        .orderBy(asc(cartLines.addedAt), asc(cartLines.variantId))
    : []
  const found = await listPurchasableVariants(
    ctx,
    rows.map((r) => r.variantId),
  )
  const variants = rows.map((r) => found.get(r.variantId) ?? null)
  const productIds = [...new Set(variants.flatMap((v) => (v ? [v.productId] : [])))]
  const cards = new Map((await getProductCards(ctx, productIds)).map((c) => [c.id, c]))
  const lines: CartLine[] = []
  rows.forEach((row, i) => {
    const v = variants[i]
    const card = v && cards.get(v.productId)
    if (!v || !card) return
    lines.push({
      variantId: row.variantId,
      productId: card.id,
      slug: card.slug,
      title: card.title,
      image: card.image,
      vendor: card.vendor,
      size: v.size,
      colour: v.colour,
      // The variant's own price (or the product's): what the checkout charges for it.
      unitPrice: v.price,
      compareAtPrice: card.compareAtPrice,
      stock: v.stock,
      quantity: row.quantity,
      lineTotal: v.price * row.quantity,
    })
  })
  const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0)
  const itemCount = lines.reduce((s, l) => s + l.quantity, 0)
  // Standard delivery within Rwanda is free (DESIGN.md section 3, point 12).
  const shipping = 0
  return { lines, itemCount, subtotal, shipping, total: subtotal + shipping }
}

/** Adds or removes a favourite; unknown or hidden products are refused. */
export async function toggleFavourite(
  ctx: ServiceContext,
  ownerKey: string,
  productId: number,
  want?: boolean,
): Promise<{ ok: true; isFavourite: boolean } | { ok: false; code: 'not_found' }> {
  const existing = await ctx.db
    .select({ id: favourites.productId })
    .from(favourites)
    .where(and(eq(favourites.ownerKey, ownerKey), eq(favourites.productId, productId)))
  const isFavourite = existing.length > 0
  const next = want ?? !isFavourite
  if (next === isFavourite) return { ok: true, isFavourite }
  if (!next) {
    await removeFavourite(ctx, ownerKey, productId)
    return { ok: true, isFavourite: false }
  }
  const [card] = await getProductCards(ctx, [productId])
  if (!card) return { ok: false, code: 'not_found' }
  await ctx.db.insert(favourites).values({ ownerKey, productId }).onConflictDoNothing()
  return { ok: true, isFavourite: true }
}

export async function removeFavourite(ctx: ServiceContext, ownerKey: string, productId: number): Promise<void> {
  await ctx.db.delete(favourites).where(and(eq(favourites.ownerKey, ownerKey), eq(favourites.productId, productId)))
}

/** The owner's favourites as product cards, most recently added first; hidden products are left out. */
export async function getFavourites(ctx: ServiceContext, ownerKey: string | null): Promise<ProductCardData[]> {
  const ids = await getFavouriteIds(ctx, ownerKey)
  return getProductCards(ctx, ids.reverse())
}

/** Moves one owner's lines to another (the accounts issue calls it at sign-in): quantities added, capped by stock. */
export async function mergeCarts(ctx: ServiceContext, fromKey: string, toKey: string): Promise<void> {
  const lines = await ctx.db.select().from(cartLines).where(eq(cartLines.ownerKey, fromKey))
  for (const line of lines) await addToCart(ctx, toKey, { variantId: line.variantId, quantity: line.quantity })
  const favs = await ctx.db.select().from(favourites).where(eq(favourites.ownerKey, fromKey))
  if (favs.length) {
    await ctx.db
      .insert(favourites)
      .values(favs.map((f) => ({ ownerKey: toKey, productId: f.productId })))
      .onConflictDoNothing()
  }
  await ctx.db.delete(cartLines).where(eq(cartLines.ownerKey, fromKey))
  await ctx.db.delete(favourites).where(inArray(favourites.ownerKey, [fromKey]))
}

/** Forgets everything kept under an owner key: cart lines and favourites (Delete Account). */
export async function forgetOwner(ctx: ServiceContext, ownerKey: string): Promise<void> {
  await ctx.db.delete(cartLines).where(eq(cartLines.ownerKey, ownerKey))
  await ctx.db.delete(favourites).where(eq(favourites.ownerKey, ownerKey))
}
