import type { MessageId } from '#app/lib/i18n.tsx'
import { failureKindOf } from '#app/modules/payments/failure-reasons.ts'

/** Why a payout failed, in plain words for the vendor (never the provider's code): a catalogue id. */
export function payoutFailureMessageId(reason: string | null | undefined): MessageId {
  if (reason === 'NOT_STARTED') return 'payouts.reason.unavailable'
  return `payouts.reason.${failureKindOf(reason)}`
}
