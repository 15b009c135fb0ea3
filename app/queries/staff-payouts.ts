// The staff payouts screen's tabs (shared by the page and its query).

export const PAYOUT_TABS = ['due', 'pending', 'sent', 'failed'] as const
export type PayoutTab = (typeof PAYOUT_TABS)[number]

export function payoutTabOf(value: string | null | undefined): PayoutTab {
  return PAYOUT_TABS.includes(value as PayoutTab) ? (value as PayoutTab) : 'due'
}
