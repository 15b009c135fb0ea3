import { data, redirect, useLocation } from 'react-router'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { InventoryList } from '#app/components/inventory/inventory-list.tsx'
import { InventoryTabs } from '#app/components/inventory/inventory-tabs.tsx'
import { CsvPreview, CsvUpload } from '#app/components/inventory/stock-csv-upload.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { readBoundedForm } from '#app/lib/form-data.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { InventoryQuerySchema } from '#app/modules/catalog/inventory.schemas.ts'
import { STOCK_CSV_MAX_BYTES } from '#app/modules/catalog/stock-csv.ts'
import { getStoreInventory } from '#app/workflows/inventory.server.ts'
import type { Route } from './+types/inventory'
import { applyStockFile, previewStockFile, quickEditStock, STOCK_FORM_MAX_BYTES } from './inventory.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['inventory'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The store's stock, for its owner only: every variant with a quick edit, and a CSV file to set many at once
// (previewed, then applied all or nothing). The store is the signed-in vendor's own, never one from the URL.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const url = new URL(request.url)
  const query = InventoryQuerySchema.parse(Object.fromEntries(url.searchParams))
  const listing = await getStoreInventory(serviceContextOf(context), { ownerUserId: actor.userId, ...query })
  if (!listing) throw redirect('/vendor-dashboard')
  const saved = Number(url.searchParams.get('saved')) || null
  const updated = Number(url.searchParams.get('updated')) || null
  return { title: requestI18n(request)._('inventory.meta'), listing, query, saved, updated }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'vendor')
  // Streamed within bounds: one CSV file of at most STOCK_CSV_MAX_BYTES, or its text posted back by Apply.
  const read = await readBoundedForm(request, {
    maxFileBytes: STOCK_CSV_MAX_BYTES,
    maxFiles: 1,
    maxTotalBytes: STOCK_FORM_MAX_BYTES,
  })
  if (!read.ok) {
    const status = read.code === 'too_large' ? 413 : 400
    return data({ intent: 'preview' as const, fileError: { code: 'too-large' as const } }, status)
  }
  const form = read.form
  const intent = form.get('intent')
  if (intent === 'stock') return quickEditStock(serviceContextOf(context), request, actor.userId, form)
  if (intent === 'preview') return previewStockFile(serviceContextOf(context), actor.userId, form)
  if (intent === 'apply') return applyStockFile(serviceContextOf(context), actor.userId, form)
  throw data(null, { status: 400 })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function InventoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { pathname, search } = useLocation()
  const { listing, query, saved, updated } = loaderData
  const quickEdit = actionData?.intent === 'stock' ? actionData : null
  const file = actionData?.intent === 'preview' ? actionData : null
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('inventory.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('inventory.intro')}</p>
      {saved && !actionData && !listing.items.some((i) => i.variantId === saved) ? (
        <p role="status" className="mt-4 rounded-lg border border-success/40 bg-success/10 p-4 font-medium">
          {t('inventory.quickEdit.savedAway')}
        </p>
      ) : null}
      {updated && !actionData ? (
        <p role="status" className="mt-4 rounded-lg border border-success/40 bg-success/10 p-4 font-medium">
          {t('inventory.toast.applied', { count: updated })}
        </p>
      ) : null}

      {file && 'preview' in file && file.preview ? (
        <CsvPreview preview={file.preview} csv={file.csv} stale={file.stale} />
      ) : (
        <CsvUpload fileError={file && 'fileError' in file ? file.fileError : undefined} />
      )}

      <InventoryTabs query={query} counts={listing.counts} />
      <InventoryList
        items={listing.items}
        total={listing.total}
        filtered={query.filter !== 'all' || Boolean(query.q)}
        saved={quickEdit ? null : saved}
        quickEdit={quickEdit}
      />
      <Pagination
        className="mt-6"
        page={listing.page}
        pageCount={listing.pageCount}
        hrefFor={(page) => pageHref(pathname, search.replace(/([?&])saved=\d+&?/, '$1'), page)}
      />
    </div>
  )
}
