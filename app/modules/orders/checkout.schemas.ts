import { z } from 'zod'
import { normaliseRwandanPhone, operatorOf } from '#app/modules/accounts/accounts.schemas.ts'

// The checkout's forms, shared by the page and its action. Messages are catalogue ids.

export const CHECKOUT_STEPS = ['address', 'delivery', 'payment', 'review'] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]

export const PAYMENT_METHODS = ['momo', 'airtel', 'card', 'cod'] as const
export type CheckoutPaymentMethod = (typeof PAYMENT_METHODS)[number]

export { operatorOf }

export const AddressStepSchema = z.object({
  addressId: z.coerce.number().int().positive('checkout.error.address'),
})

export const DeliveryStepSchema = z.object({
  delivery: z.enum(['standard', 'express'], 'checkout.error.delivery'),
})

/** The payment step: a method, and for mobile money the wallet's number, on the method's own network. */
export const PaymentStepSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS, 'checkout.error.method'),
    phone: z.string().trim().max(40).optional().default(''),
  })
  .transform((value, ctx) => {
    if (value.method !== 'momo' && value.method !== 'airtel') return { method: value.method, phone: null }
    const phone = normaliseRwandanPhone(value.phone)
    if (!phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'checkout.error.phone' })
      return z.NEVER
    }
    const operator = operatorOf(phone)
    if (value.method === 'momo' && operator !== 'mtn') {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'checkout.error.phoneMtn' })
      return z.NEVER
    }
    if (value.method === 'airtel' && operator !== 'airtel') {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'checkout.error.phoneAirtel' })
      return z.NEVER
    }
    return { method: value.method, phone }
  })

/** What the review step showed, sent back with "Place order" so that a change since then is noticed. */
export const SeenLinesSchema = z
  .array(
    z.object({
      variantId: z.number().int().positive(),
      quantity: z.number().int().positive(),
      unitPrice: z.number().int().nonnegative(),
    }),
  )
  .max(200)

export const PlaceOrderSchema = z.object({
  checkoutKey: z.uuid(),
  seen: z.string().transform((raw, ctx) => {
    try {
      return SeenLinesSchema.parse(JSON.parse(raw))
    } catch {
      ctx.addIssue({ code: 'custom', message: 'checkout.error.review' })
      return z.NEVER
    }
  }),
  /** The delivery fee the review showed (integer francs); placing the order refuses another. */
  deliveryFee: z.coerce.number().int().min(0).max(100_000_000).optional(),
})
