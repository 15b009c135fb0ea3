import { z } from 'zod'

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined)

/** The audit log's search (its query string); anything unreadable is left out rather than refused. */
export const AuditQuerySchema = z.object({
  actor: z.string().max(100).optional().catch(undefined),
  action: z.string().max(80).optional().catch(undefined),
  subject: z.string().trim().max(100).optional().catch(undefined),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
})
export type AuditQuery = z.infer<typeof AuditQuerySchema>
