import { randomUUID } from 'node:crypto'
import signature from 'cookie-signature'
import { z } from 'zod'
import { getEnv, secureCookieSuffix } from '#app/lib/env.server.ts'
import { PAYMENT_METHODS } from '#app/modules/orders/checkout.schemas.ts'

// The checkout's choices between steps live in a signed, HttpOnly cookie (not in the URL, which would carry the
// phone number): the address, delivery option, payment method, and the checkout's idempotency key, which stays
// the same until an order is placed with it, so a double click or a resubmitted form finds that order.

const COOKIE = 'isoko_checkout'

const DraftSchema = z.object({
  key: z.uuid(),
  addressId: z.number().int().positive().optional(),
  delivery: z.enum(['standard', 'express']).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  phone: z.string().nullable().optional(),
})

export type CheckoutDraft = z.infer<typeof DraftSchema>

export function readDraft(request: Request): CheckoutDraft {
  const raw = (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1)
  const unsigned = raw ? signature.unsign(decodeURIComponent(raw), getEnv().SESSION_SECRET) : false
  if (unsigned) {
    try {
      const parsed = DraftSchema.safeParse(JSON.parse(Buffer.from(unsigned, 'base64url').toString('utf8')))
      if (parsed.success) return parsed.data
    } catch {
      // A damaged cookie starts a new checkout.
    }
  }
  return { key: randomUUID() }
}

export function draftCookie(draft: CheckoutDraft): string {
  const value = signature.sign(Buffer.from(JSON.stringify(draft)).toString('base64url'), getEnv().SESSION_SECRET)
  const secure = secureCookieSuffix()
  return `${COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`
}
