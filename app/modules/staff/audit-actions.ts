// The actions the audit log records, each with its label in the catalogue (admin.po: `admin.audit.action.<name>`).
// An action recorded under a name not listed here (a new one, before its label) shows its name as it is.
export const AUDIT_ACTIONS = [
  'vendor:approve',
  'vendor:reject',
  'vendor:suspend',
  'vendor:reinstate',
  'vendor:verify',
  'vendor:unverify',
  'product:hide',
  'product:unhide',
  'product:review',
  'category:add',
  'category:rename',
  'category:move',
  'category:hide',
  'category:show',
  'order:cancel',
  'order:refund',
  'order:cash',
  'order:note',
  'payout:retry',
  'payout:payDue',
  'dispute:decide',
  'commission:rule',
  'deliveryFees:set',
  'conversation:warn',
  'conversation:close',
  'conversation:suspend',
  'ticket:reply',
  'ticket:solve',
  'ticket:reopen',
  'ticket:assign',
  'export:orders',
  'export:newsletter',
  'export:stores',
  'export:customers',
  'staff:invite',
  'staff:invite:revoke',
  'staff:join',
  'staff:role',
  'staff:remove',
] as const

export function isKnownAuditAction(action: string): action is (typeof AUDIT_ACTIONS)[number] {
  return (AUDIT_ACTIONS as readonly string[]).includes(action)
}

// The kinds of thing an action is recorded against, each with its label (`admin.audit.type.<type>`).
export const AUDIT_SUBJECT_TYPES = [
  'vendor',
  'product',
  'category',
  'order',
  'payout',
  'dispute',
  'commission',
  'delivery-fees',
  'conversation',
  'ticket',
  'export',
  'invitation',
  'staff',
] as const

export function isKnownSubjectType(type: string): type is (typeof AUDIT_SUBJECT_TYPES)[number] {
  return (AUDIT_SUBJECT_TYPES as readonly string[]).includes(type)
}
