import { useRouteLoaderData } from 'react-router'
import { can, type StaffPermission, type StaffRole } from '#app/modules/staff/permissions.ts'

/**
 * Whether the signed-in staff member's role may do this (app/modules/staff/permissions.ts), from the admin
 * layout's data: a page shows only the forms the role may post (the server refuses the others whatever is shown).
 */
export function useStaffCan(permission: StaffPermission): boolean {
  const layout = useRouteLoaderData('routes/admin/layout') as { staffRole?: StaffRole | null } | undefined
  return can(layout?.staffRole, permission)
}
