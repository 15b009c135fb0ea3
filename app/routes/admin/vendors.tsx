import { data, Form, Link, redirect, useLocation } from 'react-router'
import { VendorApplicationCard, type VendorStatusActionData } from '#app/components/admin/vendor-application-card.tsx'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle, MessageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { can, staffHomePath } from '#app/modules/staff/permissions.ts'
import { VendorApplicationsQuerySchema, VendorStatusFormSchema } from '#app/modules/vendors/vendor-status.schemas.ts'
import { changeVendorStatus, type VendorStatusRefusal } from '#app/modules/vendors/vendor-status.server.ts'
import { vendorStatuses } from '#app/modules/vendors/vendor-status.ts'
import { listApplicationsForStaff } from '#app/queries/admin.server.ts'
import type { Route } from './+types/vendors'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  // The console's first page: a role that may not read applications starts on its own first page instead.
  const staff = guardedActor(context, 'admin')
  if (!can(staff.staffRole, 'vendors:read')) throw redirect(staffHomePath(staff.staffRole))
  const query = VendorApplicationsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const listing = await listApplicationsForStaff(serviceContextOf(context), query)
  return { title: requestI18n(request)._('admin.meta.vendors'), listing, query }
}

/** Approve, reject, suspend or reinstate a store: staff only, checked here whatever the page showed. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  // Approving or rejecting an application, and suspending or reinstating a store, are separate permissions.
  const asked = form.get('intent')
  const actor = requireStaffPermission(
    context,
    asked === 'approve' || asked === 'reject' ? 'vendors:decide' : 'stores:suspend',
  )
  const i18n = requestI18n(request)
  const parsed = VendorStatusFormSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    return data<VendorStatusActionData>({ errors: { form: i18n._('admin.vendors.error.invalid') } }, { status: 400 })
  }
  const { intent, vendorId, reason } = parsed.data
  const url = new URL(request.url)
  const result = await changeVendorStatus(
    { ...serviceContextOf(context), actor },
    { vendorId, action: intent, reason, siteUrl: url.origin },
  )
  if (!result.ok) {
    const { status, errors } = refusal(result, i18n._.bind(i18n))
    return data<VendorStatusActionData>({ vendorId, intent, errors, values: { reason } }, { status })
  }
  url.searchParams.delete('index')
  const flash = await flashCookie({
    kind: 'success',
    title: `admin.vendors.toast.${intent}`,
    body: 'admin.vendors.toast.emailed',
    values: { name: result.businessName },
  })
  return redirect(url.pathname + url.search, { headers: { 'Set-Cookie': flash } })
}

/** The message of a refused change, next to the reason field or above the store's actions. */
function refusal(result: VendorStatusRefusal, _: (id: MessageId, values?: Record<string, unknown>) => string) {
  switch (result.code) {
    case 'reason-required':
      return { status: 400, errors: { reason: _('admin.vendors.error.reasonRequired') } }
    case 'reason-too-long':
      return { status: 400, errors: { reason: _('admin.vendors.error.reasonTooLong') } }
    case 'illegal-transition':
      return {
        status: 409,
        errors: {
          form: _(`admin.vendors.error.illegal.${result.action}`, { status: _(`admin.statusWord.${result.from}`) }),
        },
      }
    case 'not_found':
      return { status: 404, errors: { form: _('admin.vendors.error.notFound') } }
    default:
      return { status: 403, errors: { form: _('admin.vendors.error.forbidden') } }
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorApplicationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { listing, query } = loaderData
  const { pathname, search } = useLocation()
  const filterHref = (status?: string) => {
    const params = new URLSearchParams()
    if (status) params.set('status', status)
    if (query.q) params.set('q', query.q)
    const s = params.toString()
    return s ? `${pathname}?${s}` : pathname
  }
  const refused = actionData as VendorStatusActionData | undefined
  return (
    <section aria-labelledby="admin-vendors-title">
      <h1 id="admin-vendors-title" className="text-2xl font-bold sm:text-3xl">
        {t('admin.vendors.heading')}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('admin.vendors.intro')}</p>

      <nav aria-label={t('admin.vendors.filter.label')} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {([undefined, ...vendorStatuses] as const).map((status) => {
            const current = query.status === status
            return (
              <li key={status ?? 'all'}>
                <Link
                  to={filterHref(status)}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-flex h-9 items-center rounded-full border px-3 text-sm',
                    current ? 'border-primary bg-primary/10 font-semibold text-primary' : 'border-input hover:bg-muted',
                  )}
                >
                  {t('admin.vendors.filter.option', {
                    status: t(`admin.status.${status ?? 'all'}`),
                    count: listing.counts[status ?? 'all'],
                  })}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>

      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
        <div className="grid min-w-0 flex-1 basis-56 gap-1">
          <label htmlFor="admin-vendors-q" className="text-sm font-medium">
            {t('admin.vendors.search.label')}
          </label>
          <Input
            id="admin-vendors-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            placeholder={t('admin.vendors.search.placeholder')}
          />
        </div>
        <Button type="submit" variant="outline">
          {t('admin.vendors.search.submit')}
        </Button>
      </Form>

      {refused?.errors.form && refused.vendorId === undefined ? (
        <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {refused.errors.form}
        </p>
      ) : null}

      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {t('admin.vendors.count', { count: listing.total })}
      </p>
      {listing.items.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-border p-6 text-center">{t('admin.vendors.empty')}</p>
      ) : (
        <ul className="mt-3 grid gap-4">
          {listing.items.map((vendor) => (
            <li key={vendor.id}>
              <VendorApplicationCard vendor={vendor} actionData={refused} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        className="mt-6"
        page={listing.page}
        pageCount={listing.pageCount}
        hrefFor={(page) => pageHref(pathname, search, page)}
      />
    </section>
  )
}
