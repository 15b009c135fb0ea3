import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { useStaffCan } from '#app/components/admin/use-staff-can.ts'
import { VendorApplicationCard, type VendorStatusActionData } from '#app/components/admin/vendor-application-card.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Label, Textarea } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle, MessageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { VendorStatusFormSchema, VerifiedFormSchema } from '#app/modules/vendors/vendor-status.schemas.ts'
import { changeVendorStatus, type VendorStatusRefusal } from '#app/modules/vendors/vendor-status.server.ts'
import { VERIFICATION_REASON_MAX } from '#app/modules/vendors/vendor-status.ts'
import { listVerificationEvents, setVendorVerified } from '#app/modules/vendors/verification.server.ts'
import { listApplicationsForStaff } from '#app/queries/admin.server.ts'
import type { Route } from './+types/store'

// One store or application for staff: what the applicant said, its status actions (approve, reject, suspend,
// reinstate), and the Verified badge granted or removed with a reason, with both histories.

export const handle = { i18n: ['accounts', 'admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

const idOf = (raw: string | undefined) => {
  const id = Number(raw)
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new Response('Not found', { status: 404 })
  return id
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'vendors:read')
  const ctx = serviceContextOf(context)
  const id = idOf(params.vendorId)
  const listing = await listApplicationsForStaff(ctx, { id, perPage: 1 })
  const store = listing.items[0]
  if (!store) throw new Response('Not found', { status: 404 })
  const verification = await listVerificationEvents(ctx, id)
  return { title: `${store.businessName} · ${requestI18n(request)._('admin.meta.vendors')}`, store, verification }
}

type VerifiedActionData = { verifiedErrors: { reason?: string }; values: { reason: string } }

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData())
  // Each intent is its own permission, checked here whatever the page showed: the badge, deciding an application
  // (approve, reject), suspending or reinstating a store.
  const actor = requireStaffPermission(
    context,
    form.intent === 'verify' || form.intent === 'unverify'
      ? 'badge:verified'
      : form.intent === 'approve' || form.intent === 'reject'
        ? 'vendors:decide'
        : 'stores:suspend',
  )
  const i18n = requestI18n(request)
  const ctx = serviceContextOf(context)
  const vendorId = idOf(params.vendorId)
  const url = new URL(request.url)

  if (form.intent === 'verify' || form.intent === 'unverify') {
    const parsed = VerifiedFormSchema.safeParse(form)
    const reason = typeof form.reason === 'string' ? form.reason : ''
    if (!parsed.success) {
      return data<VerifiedActionData>(
        { verifiedErrors: { reason: i18n._('admin.stores.verified.error.reason') }, values: { reason } },
        { status: 400 },
      )
    }
    const result = await setVendorVerified(ctx, {
      staffUserId: actor.userId,
      vendorId,
      verified: parsed.data.intent === 'verify',
      reason: parsed.data.reason,
    })
    if (!result.ok) {
      if (result.code === 'not_found') throw new Response('Not found', { status: 404 })
      return data<VerifiedActionData>(
        { verifiedErrors: { reason: i18n._('admin.stores.verified.error.reason') }, values: { reason } },
        { status: 400 },
      )
    }
    const flash = await flashCookie({
      kind: 'success',
      title:
        parsed.data.intent === 'verify' ? 'admin.stores.verified.toast.granted' : 'admin.stores.verified.toast.removed',
    })
    return redirect(url.pathname, { headers: { 'Set-Cookie': flash } })
  }

  // Approve, reject, suspend or reinstate: staff only, checked here whatever the page showed.
  const parsed = VendorStatusFormSchema.safeParse({ ...form, vendorId: String(vendorId) })
  if (!parsed.success) {
    return data<VendorStatusActionData>({ errors: { form: i18n._('admin.vendors.error.invalid') } }, { status: 400 })
  }
  const { intent, reason } = parsed.data
  const result = await changeVendorStatus({ ...ctx, actor }, { vendorId, action: intent, reason, siteUrl: url.origin })
  if (!result.ok) {
    const { status, errors } = refusal(result, i18n._.bind(i18n))
    return data<VendorStatusActionData>({ vendorId, intent, errors, values: { reason } }, { status })
  }
  const flash = await flashCookie({
    kind: 'success',
    title: `admin.vendors.toast.${intent}`,
    body: 'admin.vendors.toast.emailed',
    values: { name: result.businessName },
  })
  return redirect(url.pathname, { headers: { 'Set-Cookie': flash } })
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

export default function StorePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const navigation = useNavigation()
  const { store, verification } = loaderData
  const statusRefused = actionData && 'errors' in actionData ? (actionData as VendorStatusActionData) : undefined
  const verifiedRefused = actionData && 'verifiedErrors' in actionData ? actionData : undefined
  const busy = navigation.state === 'submitting' && navigation.formData?.has('verified-form')
  const reasonError = verifiedRefused?.verifiedErrors.reason
  const mayBadge = useStaffCan('badge:verified')
  return (
    <section aria-labelledby="admin-store-title" className="grid gap-6">
      <div>
        <p className="text-sm">
          <Link
            to={store.status === 'pending' || store.status === 'rejected' ? '/admin' : '/admin/stores'}
            className="text-primary underline underline-offset-4"
          >
            {store.status === 'pending' || store.status === 'rejected'
              ? t('admin.stores.backToApplications')
              : t('admin.stores.backToStores')}
          </Link>
        </p>
        <h1 id="admin-store-title" className="mt-2 text-2xl font-bold break-words sm:text-3xl">
          {store.businessName}
        </h1>
      </div>

      {store.similarStore ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t('admin.vendors.similar', { name: store.similarStore.name })}{' '}
          <Link to={`/admin/stores/${store.similarStore.id}`} className="font-medium underline underline-offset-4">
            {t('admin.vendors.similar.open')}
          </Link>
        </p>
      ) : null}

      <VendorApplicationCard vendor={store} actionData={statusRefused} />

      <section
        aria-labelledby="admin-store-verified"
        className="rounded-lg border border-border bg-card p-4 shadow-sm sm:p-5"
      >
        <h2 id="admin-store-verified" className="text-lg font-semibold">
          {t('admin.stores.verified.heading')}
        </h2>
        <p className="mt-1 text-sm">
          {store.verified ? t('admin.stores.verified.yes') : t('admin.stores.verified.no')}
        </p>
        {mayBadge ? (
          <Form method="post" className="mt-3 grid gap-2 sm:max-w-md" key={verifiedRefused ? 'refused' : 'fresh'}>
            <input type="hidden" name="verified-form" value="1" />
            <input type="hidden" name="intent" value={store.verified ? 'unverify' : 'verify'} />
            <Label htmlFor="verified-reason">{t('admin.stores.verified.reason')}</Label>
            <Textarea
              id="verified-reason"
              name="reason"
              rows={2}
              required
              maxLength={VERIFICATION_REASON_MAX}
              defaultValue={verifiedRefused?.values.reason ?? ''}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'verified-reason-error' : undefined}
            />
            <FieldError id="verified-reason-error">{reasonError}</FieldError>
            <div>
              <Button type="submit" variant={store.verified ? 'destructive' : 'default'} disabled={busy}>
                {store.verified ? t('admin.stores.verified.remove') : t('admin.stores.verified.grant')}
              </Button>
            </div>
          </Form>
        ) : null}
        <h3 className="mt-4 text-sm font-semibold">{t('admin.stores.verified.history')}</h3>
        {verification.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{t('admin.stores.verified.historyEmpty')}</p>
        ) : (
          <ol className="mt-2 grid gap-2 text-sm">
            {verification.map((e) => (
              <li key={`${e.at}-${e.verified}`} className="rounded-md bg-muted p-2">
                <span className="font-medium">
                  {e.verified ? t('admin.stores.verified.granted') : t('admin.stores.verified.removed')}
                </span>{' '}
                <span className="text-muted-foreground">
                  {e.actor
                    ? t('admin.vendors.history.by', { name: e.actor.name, email: e.actor.email })
                    : t('admin.vendors.history.byUnknown')}
                  {' · '}
                  <time dateTime={e.at}>{when(e.at)}</time>
                </span>
                <span className="block break-words">{t('admin.vendors.history.reason', { reason: e.reason })}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  )
}
