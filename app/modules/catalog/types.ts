/** Shapes the catalogue hands to the UI; shared by the server and the browser. */
export type ImageData = {
  imageKey: string
  alt: string
  width: number
  height: number
  /** CSS colour shown while the picture loads. */
  placeholder: string
}

export type Badge = 'new' | 'bestseller' | 'limited'

export type ProductCardData = {
  id: number
  slug: string
  title: string
  price: number
  compareAtPrice: number | null
  badge: Badge | null
  /** Average rating 1-5 with one decimal, null when there are no reviews. */
  rating: number | null
  reviewCount: number
  vendor: { id: number; name: string }
  image: ImageData | null
  /** True when any variant has stock. */
  inStock: boolean
  /** The first variant with stock (or the first variant): what 'Add to Cart' on a card adds. */
  defaultVariantId: number | null
  /** More than one variant: a card's Add to Cart never picks one, it asks (the Quick View dialog, or the product page). */
  hasOptions: boolean
  /** The variants cost different amounts: `price` is the lowest, and the card says "from" it. */
  priceFrom: boolean
  createdAt: string
}

/** A variant; `price` is its own price, null when it costs the product's price. */
export type VariantData = {
  id: number
  size: string | null
  colour: string | null
  sku: string
  stock: number
  price: number | null
}

/**
 * A category of the tree. `name` is in the reader's language (getCategoryTree's `locale`, English by default);
 * `names` holds the others, for search.
 */
export type CategoryNode = {
  id: number
  slug: string
  name: string
  names: { en: string; rw?: string; fr?: string }
  emoji: string | null
  children: CategoryNode[]
}
