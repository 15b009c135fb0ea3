import { z } from 'zod'

// The review form (/customer-dashboard/reviews/:productId), the vendor's reply form and the vendor's review list
// query, shared by the forms and the services. Each message is a catalogue id (app/locales/en/reviews.po).

export const reviewLimits = {
  rating: { min: 1, max: 5 },
  body: { min: 10, max: 2000 },
  reply: { min: 2, max: 1000 },
} as const

export const reviewFields = ['rating', 'body'] as const
export type ReviewField = (typeof reviewFields)[number]

/** A customer's review: 1 to 5 stars and a text of 10 to 2,000 characters (spaces around it trimmed). */
export const ReviewSchema = z.object({
  rating: z.coerce
    .number({ error: 'reviews.error.rating' })
    .int('reviews.error.rating')
    .min(reviewLimits.rating.min, 'reviews.error.rating')
    .max(reviewLimits.rating.max, 'reviews.error.rating'),
  body: z
    .string({ error: 'reviews.error.bodyRequired' })
    .trim()
    .min(1, 'reviews.error.bodyRequired')
    .min(reviewLimits.body.min, 'reviews.error.bodyShort')
    .max(reviewLimits.body.max, 'reviews.error.bodyLong'),
})
export type ReviewInput = z.infer<typeof ReviewSchema>

/** The vendor's public reply to one review. */
export const ReplySchema = z.object({
  reviewId: z.coerce.number({ error: 'reviews.error.notFound' }).int().min(1).max(2_147_483_647),
  reply: z
    .string({ error: 'reviews.error.replyRequired' })
    .trim()
    .min(1, 'reviews.error.replyRequired')
    .min(reviewLimits.reply.min, 'reviews.error.replyShort')
    .max(reviewLimits.reply.max, 'reviews.error.replyLong'),
})
export type ReplyInput = z.infer<typeof ReplySchema>

export const reviewFilters = ['all', 'unanswered'] as const
export type ReviewFilter = (typeof reviewFilters)[number]

/** /vendor-dashboard/reviews?filter=unanswered&page=2: a bad value falls back to its default. */
export const VendorReviewsQuerySchema = z.object({
  filter: z.enum(reviewFilters).catch('all').default('all'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
})
export type VendorReviewsQuery = z.infer<typeof VendorReviewsQuerySchema>

/** A product id from a path: NaN when it is not a plain positive number. */
export function productIdOf(value: unknown): number {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN
}
