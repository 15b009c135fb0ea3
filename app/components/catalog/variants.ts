import type { VariantData } from '#app/modules/catalog/types.ts'

/** Below this many units a variant shows 'Only n left'. */
export const LOW_STOCK = 5

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => !!v))]
}

export function sizesOf(variants: VariantData[]): string[] {
  return unique(variants.map((v) => v.size))
}

export function coloursOf(variants: VariantData[]): string[] {
  return unique(variants.map((v) => v.colour))
}

/**
 * The variant for a chosen size and colour. When that combination is missing or sold out, the nearest one in
 * stock: same colour first (the shopper just picked it), then same size, then any; finally the exact match
 * even if sold out, or the first variant.
 */
export function resolveVariant(
  variants: VariantData[],
  size: string | null | undefined,
  colour: string | null | undefined,
  fallbackId?: number | null,
): VariantData | null {
  if (variants.length === 0) return null
  const sizeOk = (v: VariantData) => !size || v.size === size
  const colourOk = (v: VariantData) => !colour || v.colour === colour
  const exact = size || colour ? variants.find((v) => sizeOk(v) && colourOk(v)) : undefined
  if (exact && exact.stock > 0) return exact
  if (size || colour) {
    const near =
      (colour && variants.find((v) => v.colour === colour && v.stock > 0)) ||
      (size && variants.find((v) => v.size === size && v.stock > 0))
    if (near) return near
    if (exact) return exact
  }
  return variants.find((v) => v.id === fallbackId) ?? variants.find((v) => v.stock > 0) ?? variants[0] ?? null
}

/** Whether a size can be chosen with the current colour (it exists in that colour and has stock). */
export function sizeAvailable(variants: VariantData[], size: string, colour: string | null): boolean {
  return variants.some((v) => v.size === size && (!colour || !v.colour || v.colour === colour) && v.stock > 0)
}

/** Whether a colour has stock in any size. */
export function colourAvailable(variants: VariantData[], colour: string): boolean {
  return variants.some((v) => v.colour === colour && v.stock > 0)
}

/**
 * The picture that shows a colour: the first the vendor tied to that colour, else the first whose description
 * names it (the seed and vendors describe each colour's picture as '<title>, <colour>'), or -1.
 */
export function imageIndexForColour(
  images: { alt: string; colour?: string | null }[],
  colour: string | null | undefined,
): number {
  if (!colour) return -1
  const needle = colour.toLowerCase()
  const tied = images.findIndex((img) => img.colour?.toLowerCase() === needle)
  return tied >= 0 ? tied : images.findIndex((img) => img.alt.toLowerCase().includes(needle))
}

/** What the chosen variant costs: its own price, else the product's. */
export function priceOf(variant: { price: number | null } | null | undefined, productPrice: number): number {
  return variant?.price ?? productPrice
}

/** Whether the variants cost different amounts (some has its own price other than the product's). */
export function pricesVary(variants: { price: number | null }[], productPrice: number): boolean {
  return variants.some((v) => v.price != null && v.price !== productPrice)
}

/**
 * The photos to show for a colour: when the vendor tied photos to colours, the chosen colour's photos first, then
 * those of every colour, then the other colours'. Without a colour, or when no photo is tied to the chosen one,
 * the vendor's order.
 */
export function photosForColour<T extends { colour?: string | null }>(
  images: T[],
  colour: string | null | undefined,
): T[] {
  if (!colour) return images
  const wanted = colour.toLowerCase()
  const mine = images.filter((img) => img.colour?.toLowerCase() === wanted)
  if (mine.length === 0) return images
  const all = images.filter((img) => !img.colour)
  const others = images.filter((img) => img.colour && img.colour.toLowerCase() !== wanted)
  return [...mine, ...all, ...others]
}
