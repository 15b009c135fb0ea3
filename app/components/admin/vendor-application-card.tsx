import { Form, Link, useNavigation } from 'react-router'
import { useStaffCan } from '#app/components/admin/use-staff-can.ts'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Label, Textarea } from '#app/components/ui/input.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { formatPhone } from '#app/lib/phone.ts'
import { useT } from '#app/lib/use-t.ts'
import {
  STATUS_REASON_MAX,
  transitionsFrom,
  type VendorStatusAction,
  type VendorStatusTransition,
} from '#app/modules/vendors/vendor-status.ts'
import type { StaffVendorApplication } from '#app/queries/admin.server.ts'
import { useDateTimeFormat } from './format.ts'
import { StatusBadge } from './status-badge.tsx'

/** What the action answers when it refuses a change: on which store's form, and what to show there. */
export type VendorStatusActionData = {
  vendorId?: number
  intent?: VendorStatusAction
  errors: { reason?: string; form?: string }
  values?: { reason?: string }
}

/** One store in the applications queue: what the applicant said, the status, the actions, and the history. */
export function VendorApplicationCard({
  vendor,
  actionData,
}: {
  vendor: StaffVendorApplication
  /** The refusal of the last post, if it was about this store. */
  actionData?: VendorStatusActionData
}) {
  const t = useT()
  const when = useDateTimeFormat()
  const headingId = `vendor-${vendor.id}-name`
  const refused = actionData?.vendorId === vendor.id ? actionData : undefined
  const transitions = transitionsFrom(vendor.status)
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-border bg-card p-4 shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold break-words">
            {vendor.businessName}
          </h3>
          <p className="text-sm text-muted-foreground">
            {t('admin.vendors.applied', { date: when(vendor.appliedAt) })}
          </p>
        </div>
        <StatusBadge status={vendor.status} />
      </header>

      {vendor.statusReason ? (
        <p className="mt-3 rounded-md border border-border bg-muted p-3 text-sm">
          {t('admin.vendors.reasonShown', { reason: vendor.statusReason })}
        </p>
      ) : null}

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium text-muted-foreground">{t('admin.vendors.field.owner')}</dt>
        <dd className="break-words">{vendor.ownerName}</dd>
        <dt className="font-medium text-muted-foreground">{t('admin.vendors.field.email')}</dt>
        <dd className="break-all">
          <a href={`mailto:${vendor.email}`} className="text-primary underline underline-offset-4">
            {vendor.email}
          </a>
        </dd>
        <dt className="font-medium text-muted-foreground">{t('admin.vendors.field.phone')}</dt>
        <dd>
          <a href={`tel:${vendor.phone}`} className="text-primary underline underline-offset-4">
            {formatPhone(vendor.phone)}
          </a>
        </dd>
        <dt className="font-medium text-muted-foreground">{t('admin.vendors.field.district')}</dt>
        <dd>
          {vendor.district}
          {vendor.city && vendor.city !== vendor.district ? ` (${vendor.city})` : ''}
        </dd>
        <dt className="font-medium text-muted-foreground">{t('admin.vendors.field.address')}</dt>
        <dd className="break-words">{vendor.businessAddress}</dd>
        <dt className="font-medium text-muted-foreground">{t('admin.vendors.field.departments')}</dt>
        <dd>{vendor.categories.map((c) => t(messageId(`account.department.${c}`))).join(', ') || '—'}</dd>
        <dt className="font-medium text-muted-foreground">{t('admin.vendors.field.description')}</dt>
        <dd className="break-words whitespace-pre-line">{vendor.description}</dd>
        <dt className="font-medium text-muted-foreground">{t('admin.vendors.field.store')}</dt>
        <dd>
          <Link to={`/vendor/${vendor.id}`} className="text-primary underline underline-offset-4">
            {t('admin.vendors.storeLink', { id: vendor.id })}
          </Link>
          {vendor.status !== 'approved' ? (
            <span className="text-muted-foreground"> {t('admin.vendors.storeHidden')}</span>
          ) : null}
        </dd>
      </dl>

      {refused?.errors.form ? (
        <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {refused.errors.form}
        </p>
      ) : null}

      {transitions.length > 0 ? (
        <div className="mt-4 flex flex-wrap items-start gap-3 border-t border-border pt-4">
          {transitions.map((transition) => (
            <StatusForm
              key={transition.action}
              vendorId={vendor.id}
              businessName={vendor.businessName}
              transition={transition}
              refused={refused?.intent === transition.action ? refused : undefined}
            />
          ))}
        </div>
      ) : null}

      <details className="mt-4 border-t border-border pt-3 text-sm">
        <summary className="cursor-pointer font-medium">
          {t('admin.vendors.history', { count: vendor.history.length })}
        </summary>
        {vendor.history.length === 0 ? (
          <p className="mt-2 text-muted-foreground">{t('admin.vendors.history.empty')}</p>
        ) : (
          <ol className="mt-2 grid gap-2">
            {vendor.history.map((event) => (
              <li key={event.id} className="rounded-md bg-muted p-2">
                <span className="font-medium">
                  {t('admin.vendors.history.change', {
                    from: t(`admin.status.${event.from}`),
                    to: t(`admin.status.${event.to}`),
                  })}
                </span>{' '}
                <span className="text-muted-foreground">
                  {event.actor
                    ? t('admin.vendors.history.by', { name: event.actor.name, email: event.actor.email })
                    : t('admin.vendors.history.byUnknown')}
                  {' · '}
                  <time dateTime={event.at}>{when(event.at)}</time>
                </span>
                {event.reason ? (
                  <span className="block break-words">
                    {t('admin.vendors.history.reason', { reason: event.reason })}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </details>
    </article>
  )
}

const buttonVariant: Record<VendorStatusAction, 'default' | 'destructive' | 'outline'> = {
  approve: 'default',
  reinstate: 'default',
  reject: 'destructive',
  suspend: 'destructive',
}

/** One action on a store: a plain post (an `intent` and the store's id), with the reason field when one is due. */
function StatusForm({
  vendorId,
  businessName,
  transition,
  refused,
}: {
  vendorId: number
  businessName: string
  transition: VendorStatusTransition
  refused?: VendorStatusActionData
}) {
  const t = useT()
  const allowed = useStaffCan(
    transition.action === 'approve' || transition.action === 'reject' ? 'vendors:decide' : 'stores:suspend',
  )
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('vendorId') === String(vendorId) &&
    navigation.formData?.get('intent') === transition.action
  const fieldId = `vendor-${vendorId}-${transition.action}-reason`
  const error = refused?.errors.reason
  if (!allowed) return null
  return (
    <Form
      method="post"
      className={transition.reasonRequired ? 'grid w-full gap-2 sm:max-w-md' : undefined}
      // A refused reason keeps what was typed; a new post starts from a fresh field.
      key={refused ? 'refused' : 'fresh'}
    >
      <input type="hidden" name="intent" value={transition.action} />
      <input type="hidden" name="vendorId" value={vendorId} />
      {transition.reasonRequired ? (
        <>
          <Label htmlFor={fieldId}>{t(messageId(`admin.vendors.reason.${transition.action}`))}</Label>
          <Textarea
            id={fieldId}
            name="reason"
            rows={2}
            maxLength={STATUS_REASON_MAX}
            defaultValue={refused?.values?.reason ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
          <FieldError id={`${fieldId}-error`}>{error}</FieldError>
        </>
      ) : null}
      <div>
        <Button
          type="submit"
          variant={buttonVariant[transition.action]}
          disabled={busy}
          aria-label={t(`admin.vendors.action.${transition.action}.label`, { name: businessName })}
        >
          {t(`admin.vendors.action.${transition.action}`)}
        </Button>
      </div>
    </Form>
  )
}
