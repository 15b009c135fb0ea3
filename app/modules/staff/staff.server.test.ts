import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountsContext } from '#app/modules/accounts/accounts.server.ts'
import { roleGuard } from '#app/modules/accounts/request.server.ts'
import { STAFF_ROLES, type StaffRole } from '#app/modules/accounts/roles.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { outboxMessages } from '#app/modules/outbox/tables.server.ts'
import { paymentRefunds } from '#app/modules/payments/tables.server.ts'
import { payouts } from '#app/modules/payouts/tables.server.ts'
import { changeVendorStatus } from '#app/modules/vendors/vendor-status.server.ts'
import { createVendorApplication } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestAccountsContext, makeAccount, makeStaffOfEveryRole, TEST_PASSWORD } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { callAdminRoute, callRoute, routeContext, statusOf } from '#tests/routes.ts'
import { recordStaffAction, searchAuditLog } from './audit.server.ts'
import { requireStaffPermission } from './guard.server.ts'
import { can, STAFF_PERMISSIONS, type StaffPermission, staffHomePath } from './permissions.ts'
import {
  acceptInvitation,
  changeStaffRole,
  findInvitation,
  INVITATION_VALID_HOURS,
  inviteStaff,
  removeStaffMember,
  revokeInvitation,
} from './staff.server.ts'
import { staffAuditLog } from './tables.server.ts'

// Staff roles, invitations and the audit log (issue 17), on this file's own database: the role × permission
// matrix through the real guard (a signed-in member of each role, the admin layout's middleware, then
// requireStaffPermission), a support member refused finance actions by the routes themselves with nothing
// changed, invitations (single use, expiry, existing accounts), the last owner and oneself protected, and the audit
// log written by each kind of action and searched.

const ORIGIN = 'http://127.0.0.1:3000'

let t: TestDatabase
let accounts: AccountsContext
let members: Record<StaffRole, { id: string; name: string; cookie: string }>

// What each role may do, written out here independently of permissions.ts: the intent, role by role.
const ALLOWED: Record<StaffRole, StaffPermission[] | 'all'> = {
  owner: 'all',
  operations: [
    'vendors:read',
    'vendors:decide',
    'stores:suspend',
    'products:read',
    'products:moderate',
    'categories:manage',
    'badge:verified',
    'orders:read',
    'orders:note',
    'orders:cancel',
    'orders:cashCollected',
    'disputes:read',
    'deliveryFees:read',
    'deliveryFees:manage',
    'mailbox:read',
    'exports:orders',
    'exports:stores',
    'customers:read',
  ],
  support: [
    'vendors:read',
    'products:read',
    'customers:read',
    'orders:read',
    'orders:note',
    'disputes:read',
    'support:tickets',
    'conversations:moderate',
    'newsletter:read',
    'mailbox:read',
    'exports:customers',
    'exports:newsletter',
  ],
  finance: [
    'orders:read',
    'orders:note',
    'orders:cashCollected',
    'refunds:issue',
    'disputes:read',
    'disputes:decide',
    'payouts:read',
    'payouts:approve',
    'balances:read',
    'commission:read',
    'commission:manage',
    'deliveryFees:read',
    'mailbox:read',
    'exports:orders',
    'exports:stores',
  ],
}

async function rows(table: typeof payouts | typeof paymentRefunds | typeof staffAuditLog) {
  const [row] = await t.ctx.db.select({ n: count() }).from(table)
  return row?.n ?? 0
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= 'a-test-secret-that-is-long-enough-to-use-here'
  t = await createTestDatabase()
  accounts = createTestAccountsContext(t, { attemptsPerMinute: 1000 })
  members = await makeStaffOfEveryRole(accounts, 'staff.example.rw')
})

afterAll(async () => {
  await t?.close()
})

describe('the role × permission matrix', () => {
  it('lets each role through the real guard for exactly the permissions it is meant to have, and refuses the rest with 403', async () => {
    const seen: string[] = []
    const expected: string[] = []
    for (const role of STAFF_ROLES) {
      const allowed = ALLOWED[role]
      for (const permission of STAFF_PERMISSIONS) {
        const out = await callRoute(
          ({ context }: { context: Parameters<typeof requireStaffPermission>[0] }) => {
            requireStaffPermission(context, permission)
            return 'allowed'
          },
          {
            request: new Request(`${ORIGIN}/admin`, { headers: { cookie: members[role].cookie } }),
            params: {},
            context: routeContext(accounts),
          },
          [roleGuard('admin')],
        )
        seen.push(`${role} ${permission} ${out === 'allowed' ? 'allowed' : statusOf(out)}`)
        const yes = allowed === 'all' || allowed.includes(permission)
        expected.push(`${role} ${permission} ${yes ? 'allowed' : 403}`)
        expect(can(role, permission)).toBe(yes)
      }
    }
    expect(seen).toEqual(expected)
  })

  it('gives no permission to no role, and sends every role to a page it may open', () => {
    for (const permission of STAFF_PERMISSIONS) expect(can(null, permission)).toBe(false)
    expect(staffHomePath('owner')).toBe('/admin')
    expect(staffHomePath('support')).toBe('/admin')
    expect(staffHomePath('finance')).toBe('/admin/orders')
  })
})

describe('routes: a support member is refused finance actions, and nothing changes', () => {
  it('answers 403 to "pay every store due now" and to a refund, and records nothing', async () => {
    const { action: payoutsAction, loader: payoutsLoader } = await import('#app/routes/admin/payouts.tsx')
    const { action: orderAction } = await import('#app/routes/admin/order.tsx')
    const before = {
      payouts: await rows(payouts),
      refunds: await rows(paymentRefunds),
      audit: await rows(staffAuditLog),
    }
    const support = members.support.cookie
    expect(statusOf(await callAdminRoute(accounts, payoutsLoader, support, 'GET', '/admin/payouts'))).toBe(403)
    expect(
      statusOf(await callAdminRoute(accounts, payoutsAction, support, 'POST', '/admin/payouts', { intent: 'pay-due' })),
    ).toBe(403)
    const refund = await callAdminRoute(
      accounts,
      orderAction,
      support,
      'POST',
      '/admin/orders/ISK-1',
      { intent: 'refund', amount: '5000', reason: 'Customer asked', key: crypto.randomUUID(), confirm: 'on' },
      { number: 'ISK-1' },
    )
    expect(statusOf(refund)).toBe(403)
    expect((refund as { data?: { forbidden?: string } }).data?.forbidden).toBe('refunds:issue')
    expect({
      payouts: await rows(payouts),
      refunds: await rows(paymentRefunds),
      audit: await rows(staffAuditLog),
    }).toEqual(before)
  })

  it('lets finance pay the stores due, and the audit log keeps it', async () => {
    const { action } = await import('#app/routes/admin/payouts.tsx')
    const out = await callAdminRoute(accounts, action, members.finance.cookie, 'POST', '/admin/payouts', {
      intent: 'pay-due',
    })
    expect(statusOf(out)).toBe(200)
    const { entries } = await searchAuditLog(t.ctx, { action: 'payout:payDue' })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actorUserId: members.finance.id, subjectType: 'payout', subjectId: 'due' })
  })

  it('lets support add a note to an order (a customer-facing action) but not cancel it', async () => {
    const { action } = await import('#app/routes/admin/order.tsx')
    const cancel = await callAdminRoute(
      accounts,
      action,
      members.support.cookie,
      'POST',
      '/admin/orders/ISK-1',
      { intent: 'cancel', reason: 'Asked by the customer', confirm: 'on' },
      { number: 'ISK-1' },
    )
    expect(statusOf(cancel)).toBe(403)
    const note = await callAdminRoute(
      accounts,
      action,
      members.support.cookie,
      'POST',
      '/admin/orders/ISK-1',
      { intent: 'note', body: 'Called the customer.' },
      { number: 'ISK-1' },
    )
    // Through the guard, on to the workflow, which finds no such order.
    expect(statusOf(note)).toBe(404)
  })
})

describe('invitations', () => {
  const call = () => ({ request: new Request(`${ORIGIN}/staff-invitation`), clientAddress: '10.8.8.8' })
  const owner = () => ({ ...t.ctx, actor: { userId: members.owner.id, name: members.owner.name } })

  async function invitationLink(email: string): Promise<string> {
    const [mail] = await t.ctx.db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email))
    const token = mail?.body.match(/staff-invitation\?token=([\w-]+)/)?.[1]
    if (!token) throw new Error(`no invitation e-mail to ${email}`)
    return token
  }

  it('e-mails a one-time link; the invitee becomes staff with the role, once', async () => {
    const invited = await inviteStaff(owner(), {
      email: 'Aimee@Staff.example.rw',
      staffRole: 'support',
      siteUrl: 'https://isoko.rw',
    })
    expect(invited.ok).toBe(true)
    // A second click: nothing sent twice.
    expect(
      await inviteStaff(owner(), {
        email: 'aimee@staff.example.rw',
        staffRole: 'support',
        siteUrl: 'https://isoko.rw',
      }),
    ).toEqual({
      ok: false,
      code: 'already-invited',
    })
    const token = await invitationLink('aimee@staff.example.rw')
    expect(await findInvitation(t.ctx, token)).toEqual({
      state: 'valid',
      email: 'aimee@staff.example.rw',
      staffRole: 'support',
    })
    const accepted = await acceptInvitation(accounts, call(), { token, name: 'Aimée Uwera', password: TEST_PASSWORD })
    expect(accepted).toMatchObject({ ok: true, staffRole: 'support' })
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'aimee@staff.example.rw'))
    expect(user).toMatchObject({ role: 'admin', staffRole: 'support', name: 'Aimée Uwera', emailVerified: true })
    expect(await acceptInvitation(accounts, call(), { token, name: 'Someone Else', password: TEST_PASSWORD })).toEqual({
      ok: false,
      code: 'used',
    })
    expect(await findInvitation(t.ctx, token)).toEqual({ state: 'used' })
  })

  it('stops working after 72 hours, and once revoked', async () => {
    const now = new Date('2026-11-20T08:00:00Z')
    await inviteStaff(owner(), {
      email: 'late@staff.example.rw',
      staffRole: 'finance',
      siteUrl: 'https://isoko.rw',
      now,
    })
    const token = await invitationLink('late@staff.example.rw')
    const justBefore = new Date(now.getTime() + INVITATION_VALID_HOURS * 3600_000 - 1000)
    expect((await findInvitation(t.ctx, token, justBefore)).state).toBe('valid')
    const after = new Date(now.getTime() + INVITATION_VALID_HOURS * 3600_000)
    expect(
      await acceptInvitation(accounts, call(), { token, name: 'Late', password: TEST_PASSWORD, now: after }),
    ).toEqual({
      ok: false,
      code: 'expired',
    })
    const [late] = await t.ctx.db.select().from(users).where(eq(users.email, 'late@staff.example.rw'))
    expect(late).toBeUndefined()
    // An expired invitation makes way for a new one.
    expect(
      await inviteStaff(owner(), {
        email: 'late@staff.example.rw',
        staffRole: 'finance',
        siteUrl: 'https://isoko.rw',
        now: after,
      }),
    ).toMatchObject({ ok: true })

    const sent = await inviteStaff(owner(), {
      email: 'gone@staff.example.rw',
      staffRole: 'operations',
      siteUrl: 'https://isoko.rw',
    })
    if (!sent.ok) throw new Error(sent.code)
    const revokedToken = await invitationLink('gone@staff.example.rw')
    expect(await revokeInvitation(owner(), { invitationId: sent.invitationId })).toEqual({ ok: true })
    expect(await revokeInvitation(owner(), { invitationId: sent.invitationId })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(
      await acceptInvitation(accounts, call(), { token: revokedToken, name: 'Gone', password: TEST_PASSWORD }),
    ).toEqual({
      ok: false,
      code: 'unknown',
    })
  })

  it('sends one invitation when two owners invite the same address at the same moment', async () => {
    const email = 'twice@staff.example.rw'
    const both = await Promise.all([
      inviteStaff(owner(), { email, staffRole: 'support', siteUrl: 'https://isoko.rw' }),
      inviteStaff(owner(), { email, staffRole: 'finance', siteUrl: 'https://isoko.rw' }),
    ])
    expect(both.filter((o) => o.ok)).toHaveLength(1)
    expect(both.filter((o) => !o.ok)).toEqual([{ ok: false, code: 'already-invited' }])
    const mails = await t.ctx.db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.recipient, email))
    expect(mails[0]?.n).toBe(1)
  })

  it('refuses an address that already has an account (a customer is never made staff by e-mail), or is staff', async () => {
    await makeAccount(accounts, 'shopper@example.rw', 'customer')
    expect(
      await inviteStaff(owner(), { email: 'shopper@example.rw', staffRole: 'owner', siteUrl: 'https://isoko.rw' }),
    ).toEqual({
      ok: false,
      code: 'has-account',
    })
    expect(
      await inviteStaff(owner(), {
        email: 'finance@staff.example.rw',
        staffRole: 'owner',
        siteUrl: 'https://isoko.rw',
      }),
    ).toEqual({
      ok: false,
      code: 'already-staff',
    })
    // An account made with the address after the invitation was sent: the link refuses, and can be used no more.
    await inviteStaff(owner(), { email: 'race@example.rw', staffRole: 'support', siteUrl: 'https://isoko.rw' })
    const token = await invitationLink('race@example.rw')
    await makeAccount(accounts, 'race@example.rw', 'customer')
    expect(await acceptInvitation(accounts, call(), { token, name: 'Race', password: TEST_PASSWORD })).toEqual({
      ok: false,
      code: 'has-account',
    })
    const [race] = await t.ctx.db.select().from(users).where(eq(users.email, 'race@example.rw'))
    expect(race).toMatchObject({ role: 'customer', staffRole: null })
  })
})

describe('roles: the last owner and oneself', () => {
  it('refuses changing or removing oneself, and demoting or removing the last owner', async () => {
    const owner = { ...t.ctx, actor: { userId: members.owner.id, name: 'owner' } }
    const support = { ...t.ctx, actor: { userId: members.support.id, name: 'support' } }
    expect(await changeStaffRole(owner, { userId: members.owner.id, staffRole: 'support' })).toEqual({
      ok: false,
      code: 'self',
    })
    expect(await removeStaffMember(owner, { userId: members.owner.id })).toEqual({ ok: false, code: 'self' })
    // Whoever asks (the route lets only owners in), the only owner stays one.
    expect(await changeStaffRole(support, { userId: members.owner.id, staffRole: 'finance' })).toEqual({
      ok: false,
      code: 'last-owner',
    })
    expect(await removeStaffMember(support, { userId: members.owner.id })).toEqual({ ok: false, code: 'last-owner' })
    expect(await changeStaffRole(owner, { userId: 'nobody', staffRole: 'finance' })).toEqual({
      ok: false,
      code: 'not_found',
    })
  })

  it('changes a role (recorded before and after), and takes a member off the staff', async () => {
    const owner = { ...t.ctx, actor: { userId: members.owner.id, name: 'owner' } }
    const id = await makeAccount(accounts, 'temp@staff.example.rw', 'admin', 'operations')
    expect(await changeStaffRole(owner, { userId: id, staffRole: 'finance' })).toEqual({ ok: true, changed: true })
    // The same change again (a double click): nothing more recorded.
    expect(await changeStaffRole(owner, { userId: id, staffRole: 'finance' })).toEqual({ ok: true, changed: false })
    const { entries } = await searchAuditLog(t.ctx, { action: 'staff:role', subjectId: id })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actorUserId: members.owner.id,
      before: { role: 'operations' },
      after: { role: 'finance' },
    })
    // A second owner may now be demoted, since one stays.
    expect(await changeStaffRole(owner, { userId: id, staffRole: 'owner' })).toMatchObject({ ok: true })
    const support = { ...t.ctx, actor: { userId: members.support.id, name: 'support' } }
    expect(await changeStaffRole(support, { userId: members.owner.id, staffRole: 'finance' })).toMatchObject({
      ok: true,
    })
    expect(await changeStaffRole(support, { userId: members.owner.id, staffRole: 'owner' })).toMatchObject({ ok: true })
    expect(await removeStaffMember(owner, { userId: id })).toMatchObject({ ok: true })
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, id))
    expect(user).toMatchObject({ role: 'customer', staffRole: null })
    expect((await searchAuditLog(t.ctx, { action: 'staff:remove', subjectId: id })).entries[0]).toMatchObject({
      before: { email: 'temp@staff.example.rw', role: 'owner' },
    })
  })
})

describe('the audit log', () => {
  it('records a store approval in the same change, with the status before and after', async () => {
    const { id } = await createVendorApplication(t.ctx, {
      ownerUserId: undefined as unknown as string,
      ownerName: 'Claudine Mukamana',
      businessName: 'Audit Shop',
      email: 'auditshop@example.rw',
      phone: '+250788123456',
      businessAddress: 'KN 5 Rd',
      businessDescription: 'Kitenge dresses made to measure in Kimironko.',
      district: 'Gasabo',
      categories: ['women'],
    })
    const staff = { ...t.ctx, actor: { userId: members.operations.id, role: 'admin' as const } }
    expect(await changeVendorStatus(staff, { vendorId: id, action: 'approve' })).toMatchObject({ ok: true })
    const { entries } = await searchAuditLog(t.ctx, { subjectId: String(id), action: 'vendor:approve' })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      action: 'vendor:approve',
      actorUserId: members.operations.id,
      actorName: members.operations.name,
      subjectType: 'vendor',
      before: { status: 'pending' },
      after: { status: 'approved' },
    })
  })

  it('records an order action through the route, and is searched by who, what, which thing and when, a page at a time', async () => {
    const { action } = await import('#app/routes/admin/ticket.tsx')
    // A ticket that does not exist: not found, and nothing recorded.
    const before = await rows(staffAuditLog)
    expect(
      statusOf(
        await callAdminRoute(
          accounts,
          action,
          members.support.cookie,
          'POST',
          '/admin/support/999',
          { intent: 'solve' },
          { ticketId: '999' },
        ),
      ),
    ).toBe(404)
    expect(await rows(staffAuditLog)).toBe(before)

    const actor = { userId: members.finance.id, name: members.finance.name }
    for (let i = 0; i < 55; i++) {
      await recordStaffAction(t.ctx, {
        actor,
        action: 'order:note',
        subject: { type: 'order', id: `ISK-PAGE-${i % 5}` },
      })
    }
    const mine = await searchAuditLog(t.ctx, { actorUserId: members.finance.id, action: 'order:note' })
    expect(mine.total).toBe(55)
    expect(mine.pageCount).toBe(2)
    expect(mine.entries).toHaveLength(50)
    const second = await searchAuditLog(t.ctx, { actorUserId: members.finance.id, action: 'order:note', page: 2 })
    expect(second.entries).toHaveLength(5)
    // Newest first, across the pages.
    expect(mine.entries[0]?.id).toBeGreaterThan(second.entries[0]?.id ?? Number.POSITIVE_INFINITY)
    expect((await searchAuditLog(t.ctx, { subjectId: 'ISK-PAGE-3' })).total).toBe(11)
    const hour = 3600_000
    expect(
      (await searchAuditLog(t.ctx, { from: new Date(Date.now() - hour), to: new Date(Date.now() + hour) })).total,
    ).toBeGreaterThan(55)
    expect((await searchAuditLog(t.ctx, { to: new Date(Date.now() - 24 * hour) })).total).toBe(0)
    expect((await searchAuditLog(t.ctx, { actorUserId: members.support.id, action: 'order:note' })).total).toBe(0)
  })
})
