import { z } from 'zod'
import { confirmed, EmailSchema, PasswordSchema, required } from '#app/modules/accounts/accounts.schemas.ts'
import { STAFF_ROLES } from '#app/modules/accounts/roles.ts'

// The Staff page's forms and the invitation's acceptance form; each message is a catalogue id.

const staffRole = z.enum(STAFF_ROLES, { message: 'admin.staff.error.role' })

export const InviteStaffSchema = z.object({ email: EmailSchema, staffRole })

export const StaffRoleFormSchema = z.object({ userId: z.string().min(1).max(100), staffRole })

export const StaffMemberFormSchema = z.object({ userId: z.string().min(1).max(100) })

export const InvitationIdFormSchema = z.object({ invitationId: z.coerce.number().int().positive().max(2_147_483_647) })

export const AcceptInvitationSchema = z
  .object({
    token: z.string().min(1).max(200),
    name: required(80),
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .superRefine(confirmed)
