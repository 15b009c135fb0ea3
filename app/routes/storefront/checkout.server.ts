import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { checkoutCookie } from '#app/lib/cookies.server.ts'
import { PAYMENT_METHODS } from '#app/modules/orders/checkout.schemas.ts'

// The checkout's choices between steps live in a signed, HttpOnly cookie (not in the URL, which would carry the
// phone number): the address, delivery option, payment method, and the checkout's idempotency key, which stays
// the same until an order is placed with it, so a double click or a resubmitted form finds that order.

const DraftSchema = z.object({
  key: z.uuid(),
  addressId: z.number().int().positive().optional(),
  delivery: z.enum(['standard', 'express']).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  phone: z.string().nullable().optional(),
})

export type CheckoutDraft = z.infer<typeof DraftSchema>

export async function readDraft(request: Request): Promise<CheckoutDraft> {
  const parsed = DraftSchema.safeParse(await checkoutCookie().parse(request.headers.get('Cookie')))
  // A missing, forged or damaged cookie starts a new checkout.
  return parsed.success ? parsed.data : { key: randomUUID() }
}

export function draftCookie(draft: CheckoutDraft): Promise<string> {
  return checkoutCookie().serialize(draft)
}
