/** What a provider's failure code means to the customer: one catalogue id per kind of failure. */
export type FailureKind = 'declined' | 'funds' | 'expired' | 'unavailable' | 'failed'

export function failureKindOf(reason: string | null | undefined, status?: string): FailureKind {
  if (status === 'expired') return 'expired'
  const r = (reason ?? '').toUpperCase()
  if (/NOT_ENOUGH_FUNDS|DP00800001007|INSUFFICIENT/.test(r)) return 'funds'
  if (/EXPIRED|COULD_NOT_PERFORM|DP00800001029|DP00800001024|TIMED?_?OUT/.test(r)) return 'expired'
  if (/PROVIDER_UNAVAILABLE|SERVICE_UNAVAILABLE|INTERNAL_PROCESSING/.test(r)) return 'unavailable'
  if (/APPROVAL_REJECTED|REJECT|DP00800001008|DP00800001009|DP00800001002|DP00800001010|PAYEE_NOT|CANCEL/.test(r)) {
    return 'declined'
  }
  return 'failed'
}
