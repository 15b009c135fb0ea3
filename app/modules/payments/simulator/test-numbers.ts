/**
 * The simulators' test phone numbers: the last three digits of the wallet's number decide what happens, the same
 * for MTN (078/079) and Airtel (072/073) numbers. Not server-only, so the checkout page and the docs can list them.
 */

export type SimulatorOutcome =
  | 'declined'
  | 'not-enough-funds'
  | 'expires'
  | 'never-answers'
  | 'callback-lost'
  | 'callback-early'
  | 'callback-twice'
  | 'approved'

export type SimulatorTestNumber = {
  /** The last three digits. */
  suffix: string
  outcome: SimulatorOutcome
  /** An MTN and an Airtel number that end that way, in E.164. */
  mtn: string
  airtel: string
  description: string
}

export const SIMULATOR_TEST_NUMBERS: readonly SimulatorTestNumber[] = [
  {
    suffix: '001',
    outcome: 'declined',
    mtn: '+250788000001',
    airtel: '+250730000001',
    description: 'The payer declines (MoMo FAILED, reason APPROVAL_REJECTED; Airtel TF).',
  },
  {
    suffix: '002',
    outcome: 'not-enough-funds',
    mtn: '+250788000002',
    airtel: '+250730000002',
    description: 'Not enough funds (MoMo FAILED, reason {code: NOT_ENOUGH_FUNDS}; Airtel TF, DP00800001007).',
  },
  {
    suffix: '003',
    outcome: 'expires',
    mtn: '+250788000003',
    airtel: '+250730000003',
    description:
      'Nobody approves: pending until the expiry, then failed (COULD_NOT_PERFORM_TRANSACTION), with callback.',
  },
  {
    suffix: '004',
    outcome: 'never-answers',
    mtn: '+250788000004',
    airtel: '+250730000004',
    description: 'Pending forever, no callback.',
  },
  {
    suffix: '005',
    outcome: 'callback-lost',
    mtn: '+250788000005',
    airtel: '+250730000005',
    description: 'Approved, but the callback is lost: only polling finds out.',
  },
  {
    suffix: '006',
    outcome: 'callback-early',
    mtn: '+250788000006',
    airtel: '+250730000006',
    description: 'A callback arrives while the status is still pending, then the final one after approval.',
  },
  {
    suffix: '007',
    outcome: 'callback-twice',
    mtn: '+250788000007',
    airtel: '+250730000007',
    description: 'Approved, and the callback is sent twice.',
  },
  {
    suffix: 'any other',
    outcome: 'approved',
    mtn: '+250788123456',
    airtel: '+250731234567',
    description: 'Approved after a few seconds, with callback.',
  },
]

/** The outcome for a wallet number (any format; only its last three digits count). */
export function simulatorOutcome(msisdn: string): SimulatorOutcome {
  const suffix = msisdn.replace(/\D/g, '').slice(-3)
  return SIMULATOR_TEST_NUMBERS.find((n) => n.suffix === suffix)?.outcome ?? 'approved'
}
