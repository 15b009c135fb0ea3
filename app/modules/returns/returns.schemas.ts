import { z } from 'zod'
import { readFrancs } from '#app/lib/read-francs.ts'
import { normaliseRwandanPhone } from '#app/modules/accounts/accounts.schemas.ts'
import { RETURN_METHODS, RETURN_NOTE_MAX, RETURN_REASONS } from './return-status.ts'
import type { DisputeKind, ReturnMethod, ReturnReason } from './tables.server.ts'

// The return and dispute forms, shared by the pages and the server. Messages are catalogue ids (returns.po).

const blankToNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v)
const id = z.coerce.number().int().min(1).max(2_147_483_647)
const text = (max: number, required: string) => z.string().trim().min(1, required).max(max, 'returns.error.tooLong')

/** The customer's request: how many, why, refund or replacement, a note; cash on delivery: the refund's number. */
export const ReturnRequestFormSchema = z
  .object({
    quantity: z.coerce
      .number({ message: 'returns.error.quantity' })
      .int('returns.error.quantity')
      .min(1, 'returns.error.quantity')
      .max(1000, 'returns.error.quantity'),
    reason: z.enum(RETURN_REASONS as [ReturnReason, ...ReturnReason[]], { message: 'returns.error.reason' }),
    resolution: z.enum(['refund', 'replace'], { message: 'returns.error.resolution' }),
    replacementVariantId: z.preprocess(blankToNull, id.nullable()).default(null),
    refundPhone: z.preprocess(
      blankToNull,
      z
        .string()
        .transform((v, ctx) => {
          const e164 = normaliseRwandanPhone(v)
          if (!e164) {
            ctx.addIssue({ code: 'custom', message: 'returns.error.phone' })
            return z.NEVER
          }
          return e164
        })
        .nullable(),
    ),
    note: z.preprocess(blankToNull, z.string().trim().max(RETURN_NOTE_MAX, 'returns.error.tooLong').nullable()),
  })
  .superRefine((v, ctx) => {
    if (v.resolution === 'replace' && v.replacementVariantId === null) {
      ctx.addIssue({ code: 'custom', path: ['replacementVariantId'], message: 'returns.error.replacement' })
    }
  })

/** The store's answer or step on one return (`intent`), or the customer's cancel. */
export const ReturnStepFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('return_accept'),
    returnId: id,
    method: z.enum(RETURN_METHODS as [ReturnMethod, ...ReturnMethod[]], { message: 'returns.error.method' }),
    instructions: text(500, 'returns.error.instructions'),
  }),
  z.object({ intent: z.literal('return_refuse'), returnId: id, refusal: text(500, 'returns.error.refusal') }),
  z.object({
    intent: z.literal('return_receive'),
    returnId: id,
    unsellable: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
  }),
  z.object({ intent: z.literal('return_cancel'), returnId: id }),
])

const disputeKinds = [
  'return_refused',
  'not_received',
  'not_shipped',
  'other',
] as const satisfies readonly DisputeKind[]

/** Asking staff to decide (either side), or adding one's side to an open case. */
export const DisputeFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('dispute_open'),
    vendorOrderId: id,
    returnId: z.preprocess(blankToNull, id.nullable()).default(null),
    kind: z.enum(disputeKinds, { message: 'returns.error.kind' }),
    statement: text(RETURN_NOTE_MAX, 'returns.error.statement'),
  }),
  z.object({
    intent: z.literal('dispute_statement'),
    disputeId: id,
    statement: text(RETURN_NOTE_MAX, 'returns.error.statement'),
  }),
])

/** Staff's decision on a dispute. `key` is the form's UUIDv4: the same form sent twice makes one refund. */
export const DisputeDecisionFormSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('refund'),
    amount: z.preprocess(
      (v) => (typeof v === 'string' ? (readFrancs(v) ?? 'not francs') : v),
      z.coerce.number({ message: 'returns.error.amount' }).int('returns.error.amount').min(1, 'returns.error.amount'),
    ),
    bearer: z.enum(['vendor', 'platform'], { message: 'returns.error.bearer' }),
    note: text(RETURN_NOTE_MAX, 'returns.error.decisionNote'),
    key: z.uuid({ version: 'v4', message: 'form.error.invalid' }),
  }),
  z.object({ decision: z.literal('close'), note: text(RETURN_NOTE_MAX, 'returns.error.decisionNote') }),
])
