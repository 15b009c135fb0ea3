import { data, Form, Link, redirect, useLocation, useNavigation } from 'react-router'
import {
  AdminFilterPills,
  AdminListing,
  AdminSearchField,
  AdminSearchForm,
} from '#app/components/admin/admin-listing.tsx'
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { useStaffCan } from '#app/components/admin/use-staff-can.ts'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { parseSearchParams } from '#app/lib/forms.server.ts'
import { requestI18n, requestLocale } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { hideProduct, markProductReviewed, unhideProduct } from '#app/modules/catalog/moderation.server.ts'
import { HIDE_REASON_MAX, REVIEW_QUEUE_DAYS } from '#app/modules/catalog/moderation.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { ProductModerationFormSchema, StaffProductsQuerySchema } from '#app/queries/staff-console.schemas.ts'
import { listProductsForStaff, type StaffProductRow } from '#app/queries/staff-console.server.ts'
import type { Route } from './+types/products'

// Every store's products for staff: search, store, status, listed or hidden; the queue of newly listed products to
// review; hide with a reason the vendor reads, unhide, mark reviewed.

export const handle = { i18n: ['admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'products:read')
  const query = parseSearchParams(request, StaffProductsQuerySchema)
  const listing = await listProductsForStaff(serviceContextOf(context), query, new Date(), requestLocale(request))
  return { title: requestI18n(request)._('admin.products.meta'), listing, query }
}

type ActionData = { productId: number; errors: { reason?: string }; values: { reason: string } }

export async function action({ request, context }: Route.ActionArgs) {
  // Hide, unhide and mark reviewed are one permission; checked here whatever the page showed.
  const actor = requireStaffPermission(context, 'products:moderate')
  const i18n = requestI18n(request)
  const ctx = serviceContextOf(context)
  const form = Object.fromEntries(await request.formData())
  const parsed = ProductModerationFormSchema.safeParse(form)
  if (!parsed.success) throw new Response('Bad request', { status: 400 })
  const input = { staffUserId: actor.userId, productId: parsed.data.productId }
  const result =
    parsed.data.intent === 'hide'
      ? await hideProduct(ctx, { ...input, reason: parsed.data.reason })
      : parsed.data.intent === 'unhide'
        ? await unhideProduct(ctx, input)
        : await markProductReviewed(ctx, input)
  if (!result.ok) {
    if (result.code === 'not_found') throw new Response('Not found', { status: 404 })
    const reason = parsed.data.intent === 'hide' ? parsed.data.reason : ''
    return data<ActionData>(
      {
        productId: parsed.data.productId,
        errors: {
          reason: i18n._(
            result.code === 'reason-too-long'
              ? 'admin.products.error.reasonTooLong'
              : 'admin.products.error.reasonRequired',
          ),
        },
        values: { reason },
      },
      { status: 400 },
    )
  }
  const flash = await flashCookie({ kind: 'success', title: `admin.products.toast.${parsed.data.intent}` })
  const url = new URL(request.url)
  return redirect(url.pathname + url.search, { headers: { 'Set-Cookie': flash } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

const views = ['all', 'queue', 'listed', 'hidden'] as const

export default function ProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  const { listing, query } = loaderData
  const { pathname } = useLocation()
  const mayModerate = useStaffCan('products:moderate')
  const viewHref = (view: string) => {
    const params = new URLSearchParams()
    if (view !== 'all') params.set('view', view)
    if (query.q) params.set('q', query.q)
    const s = params.toString()
    return s ? `${pathname}?${s}` : pathname
  }
  return (
    <section aria-labelledby="admin-products-title">
      <h1 id="admin-products-title" className="text-2xl font-bold sm:text-3xl">
        {t('admin.products.heading')}
      </h1>
      <AdminFilterPills
        label={t('admin.products.views')}
        items={views.map((view) => ({
          key: view,
          href: viewHref(view),
          current: query.view === view,
          label: t(`admin.products.view.${view}`),
        }))}
      />
      {query.view === 'queue' ? (
        <p className="mt-3 text-sm text-muted-foreground">
          {t('admin.products.queueIntro', { days: REVIEW_QUEUE_DAYS })}
        </p>
      ) : null}
      <AdminSearchForm keep={{ view: query.view !== 'all' ? query.view : undefined }}>
        <AdminSearchField id="admin-products-q" label={t('admin.products.search.label')} defaultValue={query.q} />
      </AdminSearchForm>
      <AdminListing
        count={t('admin.products.count', { count: listing.total })}
        empty={t('admin.products.empty')}
        listing={listing}
      >
        <AdminTable
          caption={t('admin.products.heading')}
          columns={[
            t('admin.products.table.product'),
            t('admin.vendors.table.store'),
            t('admin.products.table.price'),
            t('admin.vendors.table.status'),
            t('admin.products.table.added'),
            ...(mayModerate ? [t('admin.products.table.actions')] : []),
          ]}
        >
          {listing.items.map((p) => (
            <AdminRow key={p.id}>
              <AdminCell>
                <span className="font-semibold break-words">{p.title}</span>
                <span className="block text-xs text-muted-foreground">{p.category}</span>
              </AdminCell>
              <AdminCell label={t('admin.vendors.table.store')}>
                <Link
                  to={`/admin/stores/${p.store.id}`}
                  className="break-words text-primary underline underline-offset-4"
                >
                  {p.store.name}
                </Link>
              </AdminCell>
              <AdminCell label={t('admin.products.table.price')}>{formatRwf(p.price, intlLocale)}</AdminCell>
              <AdminCell className="md:whitespace-nowrap">
                <ProductState product={p} />
              </AdminCell>
              <AdminCell label={t('admin.products.table.added')}>
                <time dateTime={p.createdAt}>{when(p.createdAt)}</time>
              </AdminCell>
              {mayModerate ? (
                <AdminCell>
                  <ModerationForms
                    product={p}
                    refused={actionData && actionData.productId === p.id ? actionData : undefined}
                  />
                </AdminCell>
              ) : null}
            </AdminRow>
          ))}
        </AdminTable>
      </AdminListing>
    </section>
  )
}

function ProductState({ product: p }: { product: StaffProductRow }) {
  const t = useT()
  if (p.hidden) {
    return (
      <span className="text-sm">
        <span className="font-semibold text-red-800">{t('admin.products.state.hidden')}</span>
        <span className="block break-words text-xs text-muted-foreground">
          {t('admin.products.hiddenBecause', { reason: p.hidden.reason })}
        </span>
      </span>
    )
  }
  return (
    <span className="text-sm">
      {p.listed ? (
        <Link to={`/products/${p.slug}`} className="font-semibold text-emerald-800 underline underline-offset-4">
          {t('admin.products.state.listed')}
        </Link>
      ) : (
        <span className="font-semibold">{t(`admin.products.state.${p.status}`)}</span>
      )}
      {p.listed && !p.reviewedAt ? (
        <span className="block text-xs text-amber-900">{t('admin.products.state.toReview')}</span>
      ) : null}
    </span>
  )
}

/** A one-button moderation form: the button sends the intent. */
function IntentForm({
  productId,
  intent,
  busy,
  children,
}: {
  productId: number
  intent: 'unhide' | 'reviewed'
  busy: boolean
  children: React.ReactNode
}) {
  return (
    <Form method="post">
      <input type="hidden" name="productId" value={productId} />
      <Button type="submit" name="intent" value={intent} variant="outline" size="sm" disabled={busy}>
        {children}
      </Button>
    </Form>
  )
}

function ModerationForms({ product: p, refused }: { product: StaffProductRow; refused?: ActionData }) {
  const t = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('productId') === String(p.id)
  const fieldId = `hide-${p.id}-reason`
  if (p.hidden) {
    return (
      <IntentForm productId={p.id} intent="unhide" busy={busy}>
        {t('admin.products.unhide')}
      </IntentForm>
    )
  }
  return (
    <div className="grid gap-2">
      {p.listed && !p.reviewedAt ? (
        <IntentForm productId={p.id} intent="reviewed" busy={busy}>
          {t('admin.products.markReviewed')}
        </IntentForm>
      ) : null}
      <details open={refused ? true : undefined}>
        <summary className="cursor-pointer text-sm font-medium text-destructive">{t('admin.products.hide')}</summary>
        <Form method="post" className="mt-2 grid gap-1" key={refused ? 'refused' : 'fresh'}>
          <input type="hidden" name="productId" value={p.id} />
          <label htmlFor={fieldId} className="text-xs font-medium">
            {t('admin.products.hideReason')}
          </label>
          <Input
            id={fieldId}
            name="reason"
            maxLength={HIDE_REASON_MAX}
            defaultValue={refused?.values.reason ?? ''}
            aria-invalid={refused?.errors.reason ? true : undefined}
            aria-describedby={refused?.errors.reason ? `${fieldId}-error` : undefined}
          />
          <FieldError id={`${fieldId}-error`}>{refused?.errors.reason}</FieldError>
          <div>
            <Button type="submit" name="intent" value="hide" variant="destructive" size="sm" disabled={busy}>
              {t('admin.products.hideSubmit')}
            </Button>
          </div>
        </Form>
      </details>
    </div>
  )
}
