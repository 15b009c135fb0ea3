import { z } from 'zod'
import { readFrancs } from '#app/lib/read-francs.ts'
import { CANCEL_REASONS, type OrderStatus, type VendorOrderStatus } from './order-status.ts'

// The order pages' query strings and forms. A bad query value falls back to its default, so a hand-edited URL
// never fails; a bad form value is refused with a message.

export const vendorOrderStatuses = [
  'new',
  'packed',
  'dispatched',
  'delivered',
  'cancelled',
] as const satisfies readonly VendorOrderStatus[]

export const orderStatuses = [
  'pending_payment',
  'paid',
  'confirmed',
  'partly_shipped',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const satisfies readonly OrderStatus[]

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const page = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)).catch(1)

/** /vendor-dashboard/orders?status=packed&page=2 */
export const VendorOrdersQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(vendorOrderStatuses).optional()).catch(undefined),
  /** An order number, the customer's name or phone (any Rwandan form). */
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()).catch(undefined),
  page,
})

/** The orders list's own step: pack one order from its row (the order page offers every step). */
export const PackFromListFormSchema = z.object({
  intent: z.literal('packed'),
  vendorOrderId: z.coerce.number().int().min(1).max(2_147_483_647),
})

export const paymentMethods = ['momo', 'airtel', 'card', 'cod'] as const

const day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
    .optional(),
)

/**
 * /admin/orders?q=0788123456&status=paid&store=3&method=momo&from=2026-11-01&to=2026-11-30&page=2 (and the same
 * query on /admin/orders.csv). `q` finds an order number, a customer's name, e-mail or phone (any way it is
 * written), or a store's name; the dates are days in Kigali, both included.
 */
export const StaffOrdersQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(orderStatuses).optional()).catch(undefined),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()).catch(undefined),
  store: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(2_147_483_647).optional()).catch(undefined),
  method: z.preprocess(blankToUndefined, z.enum(paymentMethods).optional()).catch(undefined),
  from: day.catch(undefined),
  to: day.catch(undefined),
  page,
})
export type StaffOrdersQuery = z.infer<typeof StaffOrdersQuerySchema>

/** A vendor order id from the path: a positive number the database can hold, or nothing. */
export const VendorOrderIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647))

/** What a vendor can do to their part of an order: the next step of the machine, or record the cash. */
export const fulfilmentIntents = ['packed', 'dispatched', 'delivered', 'cash'] as const
export type FulfilmentIntent = (typeof fulfilmentIntents)[number]
export const FulfilmentFormSchema = z.object({ intent: z.enum(fulfilmentIntents) })

const optionalText = (max: number, tooLong: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, tooLong).optional())

/** The customer's cancel: a reason from the list (required), and a note, required for `other`. */
export const CancelOrderFormSchema = z
  .object({
    reason: z.enum(CANCEL_REASONS, { message: 'orders.cancel.error.reason' }),
    note: optionalText(500, 'orders.cancel.error.noteLong'),
  })
  .refine((v) => v.reason !== 'other' || Boolean(v.note), {
    message: 'orders.cancel.error.note',
    path: ['note'],
  })

/** The vendor's answer to a cancellation request: accept, or refuse with a reason the customer will read. */
export const CancellationAnswerFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('cancel_accept') }),
  z.object({
    intent: z.literal('cancel_refuse'),
    refusal: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : ''),
      z
        .string()
        .min(1, 'fulfilment.vendor.cancel.error.refusal')
        .max(500, 'fulfilment.vendor.cancel.error.refusalLong'),
    ),
  }),
])

const staffReason = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : ''),
  z.string().min(1, 'fulfilment.admin.act.error.reason').max(500, 'fulfilment.admin.act.error.reasonLong'),
)
const confirmed = z.literal('yes', { message: 'fulfilment.admin.act.error.confirm' })
const optionalVendorOrderId = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().min(1).max(2_147_483_647).optional(),
)

/**
 * What staff do on an order (the admin console's order page): cancel all of it or one vendor's part, refund an
 * amount, record a vendor's cash collected, add a note. A cancel and a refund need their box ticked (confirm).
 */
export const StaffOrderActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('cancel'),
    vendorOrderId: optionalVendorOrderId,
    reason: staffReason,
    confirm: confirmed,
  }),
  z.object({
    intent: z.literal('refund'),
    amount: z.preprocess(
      (v) => (typeof v === 'string' ? (readFrancs(v) ?? v) : v),
      z
        .string()
        .regex(/^[1-9][0-9]{0,9}$/, 'fulfilment.admin.act.error.amount')
        .transform(Number)
        .pipe(z.number().int().max(2_147_483_647, 'fulfilment.admin.act.error.amount')),
    ),
    reason: staffReason,
    key: z.uuid(),
    confirm: confirmed,
  }),
  z.object({ intent: z.literal('cash'), vendorOrderId: z.coerce.number().int().min(1).max(2_147_483_647) }),
  z.object({
    intent: z.literal('note'),
    body: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : ''),
      z.string().min(1, 'fulfilment.admin.act.error.note').max(2000, 'fulfilment.admin.act.error.noteLong'),
    ),
  }),
])
export type StaffOrderAction = z.infer<typeof StaffOrderActionSchema>
