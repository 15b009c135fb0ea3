import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { createI18n } from '#app/lib/i18n.server.ts'
import { defaultLocale, type Locale } from '#app/lib/i18n.tsx'
import {
  type AccountsContext,
  type AuthFailure,
  countOwnersLocked,
  createAccount,
  findAccountRoleByEmail,
  listStaffAccounts,
  lockStaffAccount,
  makeStaffAccount,
  removeStaffAccess,
  setStaffRole,
} from '#app/modules/accounts/accounts.server.ts'
import type { AuthCall } from '#app/modules/accounts/auth.server.ts'
import type { StaffRole } from '#app/modules/accounts/roles.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { recordStaffAction } from './audit.server.ts'
import { staffInvitations } from './tables.server.ts'

/** A staff member acting in the console: the services record who did what with it. */
export type StaffActorContext = ServiceContext & { actor: { userId: string; name: string } }

/** How long an invitation's link works. */
export const INVITATION_VALID_HOURS = 72

/** Records what the acting staff member did, in the transaction of the change. */
function recordAsActor(
  tx: Parameters<typeof recordStaffAction>[0]['db'],
  ctx: StaffActorContext,
  entry: Omit<Parameters<typeof recordStaffAction>[1], 'actor'>,
) {
  return recordStaffAction({ db: tx }, { actor: ctx.actor, ...entry })
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export { listStaffAccounts }

/** The invitations not yet accepted and still valid, oldest first. */
export async function listPendingInvitations(ctx: ServiceContext, now: Date = new Date()) {
  return ctx.db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      staffRole: staffInvitations.staffRole,
      expiresAt: staffInvitations.expiresAt,
      createdAt: staffInvitations.createdAt,
    })
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, now)))
    .orderBy(asc(staffInvitations.createdAt))
}

/** The invitation e-mail, in the inviter's language (the invitee has no account yet to have one). */
export function invitationEmail(input: {
  email: string
  inviter: string
  staffRole: StaffRole
  link: string
  locale: Locale
}) {
  const i18n = createI18n(input.locale)
  return {
    channel: 'email' as const,
    recipient: input.email,
    subject: i18n._('admin.staff.email.subject'),
    body: i18n._('admin.staff.email.body', {
      inviter: input.inviter,
      role: i18n._(`admin.roles.${input.staffRole}`),
      link: input.link,
      hours: INVITATION_VALID_HOURS,
    }),
  }
}

export type InviteRefusal = { ok: false; code: 'already-staff' | 'has-account' | 'already-invited' }

/**
 * Invites someone to the staff with a role: a one-time link (valid 72 hours) e-mailed through the outbox, in one
 * transaction with the invitation and its audit entry. An address that already has an account is refused (an
 * invitation never turns a customer's or a store's account into staff); one already invited is refused until that
 * invitation is revoked or runs out, so a second click sends nothing twice.
 */
export async function inviteStaff(
  ctx: StaffActorContext,
  input: { email: string; staffRole: StaffRole; siteUrl: string; locale?: Locale; now?: Date },
): Promise<{ ok: true; invitationId: number } | InviteRefusal> {
  const now = input.now ?? new Date()
  const email = input.email.trim().toLowerCase()
  return ctx.db.transaction(async (tx) => {
    const role = await findAccountRoleByEmail({ db: tx }, email)
    if (role) return { ok: false, code: role === 'admin' ? 'already-staff' : 'has-account' } as const
    // One invitation waiting per address: an expired one makes way; a valid one refuses a second (a double click,
    // or two owners at once: the unique index decides, and the second insert does nothing).
    await tx
      .delete(staffInvitations)
      .where(
        and(
          eq(staffInvitations.email, email),
          isNull(staffInvitations.acceptedAt),
          lte(staffInvitations.expiresAt, now),
        ),
      )
    const token = randomBytes(32).toString('base64url')
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email,
        staffRole: input.staffRole,
        tokenHash: hashToken(token),
        invitedBy: ctx.actor.userId,
        expiresAt: new Date(now.getTime() + INVITATION_VALID_HOURS * 3600_000),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: staffInvitations.id })
    if (!row) return { ok: false, code: 'already-invited' } as const
    const id = row?.id ?? 0
    const link = new URL(`/staff-invitation?token=${encodeURIComponent(token)}`, input.siteUrl).toString()
    await enqueueMessage(
      { db: tx },
      invitationEmail({
        email,
        inviter: ctx.actor.name,
        staffRole: input.staffRole,
        link,
        locale: input.locale ?? defaultLocale,
      }),
    )
    await recordAsActor(tx, ctx, {
      action: 'staff:invite',
      subject: { type: 'invitation', id },
      after: { email, role: input.staffRole },
    })
    return { ok: true, invitationId: id } as const
  })
}

/** Withdraws an invitation not yet accepted: its link stops working. */
export async function revokeInvitation(
  ctx: StaffActorContext,
  input: { invitationId: number },
): Promise<{ ok: true } | { ok: false; code: 'not_found' }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.id, input.invitationId), isNull(staffInvitations.acceptedAt)))
      .returning({ email: staffInvitations.email, staffRole: staffInvitations.staffRole })
    if (!row) return { ok: false, code: 'not_found' } as const
    await recordAsActor(tx, ctx, {
      action: 'staff:invite:revoke',
      subject: { type: 'invitation', id: input.invitationId },
      before: { email: row.email, role: row.staffRole },
    })
    return { ok: true } as const
  })
}

export type InvitationState =
  | { state: 'valid'; email: string; staffRole: StaffRole }
  | { state: 'expired' | 'used' | 'unknown' }

/** What an invitation link's token stands for now: valid (for whom, which role), expired, used, or unknown. */
export async function findInvitation(
  ctx: ServiceContext,
  token: string,
  now: Date = new Date(),
): Promise<InvitationState> {
  if (!token || token.length > 200) return { state: 'unknown' }
  const [row] = await ctx.db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashToken(token)))
  if (!row) return { state: 'unknown' }
  if (row.acceptedAt) return { state: 'used' }
  if (row.expiresAt <= now) return { state: 'expired' }
  return { state: 'valid', email: row.email, staffRole: row.staffRole }
}

/**
 * The invitee accepts: the link is claimed first (so that it works once, even clicked twice at the same moment),
 * then the account is made through the auth library with the name and password they chose, signed in, and given
 * the invitation's staff role. If the account cannot be made (an account appeared with that address meanwhile),
 * the claim is released and nothing else changed.
 */
export async function acceptInvitation(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  input: { token: string; name: string; password: string; now?: Date },
): Promise<
  | { ok: true; userId: string; cookies: string[]; staffRole: StaffRole }
  | { ok: false; code: 'expired' | 'used' | 'unknown' | 'has-account' }
  | { ok: false; code: 'auth'; reason: AuthFailure }
> {
  const now = input.now ?? new Date()
  const found = await findInvitation(ctx, input.token, now)
  if (found.state !== 'valid') return { ok: false, code: found.state }
  const [claimed] = await ctx.db
    .update(staffInvitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(input.token)),
        isNull(staffInvitations.acceptedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .returning({ id: staffInvitations.id, email: staffInvitations.email, staffRole: staffInvitations.staffRole })
  if (!claimed) return { ok: false, code: 'used' }
  const made = await createAccount(ctx, call, {
    name: input.name,
    email: claimed.email,
    password: input.password,
    role: 'customer',
  })
  if (!made.ok) {
    await ctx.db.update(staffInvitations).set({ acceptedAt: null }).where(eq(staffInvitations.id, claimed.id))
    return made.reason === 'email-taken'
      ? { ok: false, code: 'has-account' }
      : { ok: false, code: 'auth', reason: made.reason }
  }
  await ctx.db.transaction(async (tx) => {
    await makeStaffAccount({ db: tx }, made.userId, claimed.staffRole)
    await tx.update(staffInvitations).set({ acceptedBy: made.userId }).where(eq(staffInvitations.id, claimed.id))
    await recordStaffAction(
      { db: tx },
      {
        actor: { userId: made.userId, name: input.name.trim() },
        action: 'staff:join',
        subject: { type: 'staff', id: made.userId },
        after: { email: claimed.email, role: claimed.staffRole },
      },
    )
  })
  return { ok: true, userId: made.userId, cookies: made.cookies, staffRole: claimed.staffRole }
}

export type StaffChangeRefusal = { ok: false; code: 'self' | 'not_found' | 'last-owner' }

/**
 * Gives a staff member another role. Never one's own (an owner cannot lock themself out by a slip), never the
 * last owner's away from owner: the owners are counted with their rows locked, so two owners demoting each other
 * at once leave one.
 */
export async function changeStaffRole(
  ctx: StaffActorContext,
  input: { userId: string; staffRole: StaffRole },
): Promise<{ ok: true; changed: boolean } | StaffChangeRefusal> {
  if (input.userId === ctx.actor.userId) return { ok: false, code: 'self' }
  return ctx.db.transaction(async (tx) => {
    const owners = await countOwnersLocked({ db: tx })
    const member = await lockStaffAccount({ db: tx }, input.userId)
    if (!member) return { ok: false, code: 'not_found' } as const
    if (member.staffRole === input.staffRole) return { ok: true, changed: false } as const
    if (member.staffRole === 'owner' && owners <= 1) return { ok: false, code: 'last-owner' } as const
    await setStaffRole({ db: tx }, member.id, input.staffRole)
    await recordAsActor(tx, ctx, {
      action: 'staff:role',
      subject: { type: 'staff', id: member.id },
      before: { role: member.staffRole },
      after: { role: input.staffRole },
    })
    return { ok: true, changed: true } as const
  })
}

/** Takes a member off the staff (their account stays, as a customer's; their sessions end). Not oneself, not the last owner. */
export async function removeStaffMember(
  ctx: StaffActorContext,
  input: { userId: string },
): Promise<{ ok: true; name: string } | StaffChangeRefusal> {
  if (input.userId === ctx.actor.userId) return { ok: false, code: 'self' }
  return ctx.db.transaction(async (tx) => {
    const owners = await countOwnersLocked({ db: tx })
    const member = await lockStaffAccount({ db: tx }, input.userId)
    if (!member) return { ok: false, code: 'not_found' } as const
    if (member.staffRole === 'owner' && owners <= 1) return { ok: false, code: 'last-owner' } as const
    await removeStaffAccess({ db: tx }, member.id)
    await recordAsActor(tx, ctx, {
      action: 'staff:remove',
      subject: { type: 'staff', id: member.id },
      before: { email: member.email, role: member.staffRole },
      after: { role: null },
    })
    return { ok: true, name: member.name } as const
  })
}
