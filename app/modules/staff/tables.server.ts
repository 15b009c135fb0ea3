import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { type StaffRole, users } from '#app/modules/accounts/tables.server.ts'

/**
 * An invitation to join Isoko's staff, sent by e-mail from the console's Staff page: the link's token is kept
 * only as its SHA-256, works once (accepted_at) and until expires_at; revoking it deletes the row.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased. */
    email: text('email').notNull(),
    staffRole: text('staff_role').$type<StaffRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_idx').on(t.tokenHash),
    index('staff_invitations_email_idx').on(t.email),
    // One invitation waiting per address, even for two owners inviting it at the same moment.
    uniqueIndex('staff_invitations_waiting_idx').on(t.email).where(sql`${t.acceptedAt} is null`),
  ],
)

/**
 * The audit log: one row per staff action (who, what, which thing, when, the fields before and after). Rows are
 * only ever added. The actor's name is kept with the row, so that it still reads after they leave the staff.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_audit_log_created_idx').on(t.createdAt),
    index('staff_audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    index('staff_audit_log_subject_idx').on(t.subjectId, t.createdAt),
    index('staff_audit_log_action_idx').on(t.action, t.createdAt),
  ],
)
