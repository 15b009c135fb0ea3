import type { ServiceContext } from '#app/lib/context.server.ts'
import { listAccountNames } from '#app/modules/accounts/accounts.server.ts'
import {
  listVendorApplications,
  type VendorApplication,
  type VendorApplicationsInput,
  type VendorApplicationsPage,
  type VendorStatusEvent,
} from '#app/modules/vendors/vendor-status.server.ts'

export type StaffVendorStatusEvent = VendorStatusEvent & { actor: { name: string; email: string } | null }
export type StaffVendorApplication = Omit<VendorApplication, 'history'> & { history: StaffVendorStatusEvent[] }
export type StaffApplicationsPage = Omit<VendorApplicationsPage, 'items'> & { items: StaffVendorApplication[] }

/**
 * The admin console's applications queue: the stores (vendors module) with, in each one's history, the name of
 * the staff member who made each change (accounts module).
 */
export async function listApplicationsForStaff(
  ctx: ServiceContext,
  input: VendorApplicationsInput,
): Promise<StaffApplicationsPage> {
  const listing = await listVendorApplications(ctx, input)
  const actorIds = listing.items.flatMap((v) => v.history.flatMap((e) => (e.actorUserId ? [e.actorUserId] : [])))
  const names = await listAccountNames(ctx, actorIds)
  return {
    ...listing,
    items: listing.items.map((v) => ({
      ...v,
      history: v.history.map((e) => ({ ...e, actor: e.actorUserId ? (names.get(e.actorUserId) ?? null) : null })),
    })),
  }
}
