import { type ChangeEvent, useEffect, useRef, useState } from 'react'
import { data, Form, Link, redirect, useLocation, useNavigation } from 'react-router'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { dateFormat } from '#app/components/date-format.ts'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Plus, Search } from '#app/components/ui/icons.tsx'
import { FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import { requestI18n, requestLocale } from '#app/lib/i18n.server.ts'
import type { I18nHandle, MessageId } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { listProductModeration } from '#app/modules/catalog/moderation.server.ts'
import { idOf, productListTabs } from '#app/modules/catalog/product-editor.schemas.ts'
import { listCategoryChoices, listOwnProducts } from '#app/modules/catalog/vendor-products.server.ts'
import {
  type BulkFormValues,
  bulkActions,
  OwnProductListQuerySchema,
  ownProductSorts,
  parseBulkForm,
  readBulkForm,
} from '#app/modules/catalog/vendor-products-bulk.schemas.ts'
import type { BulkOutcome, BulkSkipReason } from '#app/modules/catalog/vendor-products-bulk.server.ts'
import { duplicateOwnProduct } from '#app/modules/catalog/vendor-products-bulk.server.ts'
import { applyBulkChange } from '#app/workflows/vendor-products-bulk.server.ts'
import type { Route } from './+types/products'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md. The layout's
// `vendor` area carries the list's own messages (`vendorProducts.*`).
export const handle = { i18n: ['product-editor', 'product-import'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The store's own products, for its owner only: the store is the signed-in vendor's, never one from the URL.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const ctx = serviceContextOf(context)
  const query = OwnProductListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const listing = await listOwnProducts(ctx, { ownerUserId: actor.userId, ...query })
  if (!listing) throw redirect('/vendor-dashboard')
  const categories = await listCategoryChoices(ctx, requestLocale(request))
  // Products staff hid, with their reason: each such row says so (it is not on sale whatever its status).
  const moderation = await listProductModeration(
    ctx,
    listing.items.map((p) => p.id),
  )
  const hidden = Object.fromEntries([...moderation].map(([id, m]) => [id, m.reason]))
  return { title: requestI18n(request)._('productEditor.list.meta'), listing, query, categories, hidden }
}

type BulkReply =
  | { kind: 'invalid'; values: BulkFormValues; errors: Record<string, string> }
  | { kind: 'preview' | 'stale' | 'done'; values: BulkFormValues; outcome: BulkOutcome; at: number }

// Bulk actions on the owner's products (which ones is decided on the server, from the ticked ids or the list's
// filter: catalog/vendor-products-bulk.server.ts), and
// "Duplicate", which lands in the copy's editor.
export async function action({ request, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'vendor')
  const ctx = serviceContextOf(context)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'duplicate') {
    const productId = idOf(form.get('productId'))
    const i18n = requestI18n(request)
    const copyTitle = (title: string) => i18n._('vendorProducts.copyOf', { title })
    const result = productId
      ? await duplicateOwnProduct(ctx, { ownerUserId: actor.userId, productId, copyTitle })
      : null
    if (!result?.ok) notFound()
    throw redirect(`/vendor-dashboard/products/${result.id}`)
  }
  const values = readBulkForm(form)
  const parsed = parseBulkForm(values)
  if (!parsed.ok) return data<BulkReply>({ kind: 'invalid', values, errors: parsed.errors }, { status: 400 })
  const confirm = intent === 'confirm' ? String(form.get('fingerprint') ?? '') : undefined
  const result = await applyBulkChange(ctx, { ownerUserId: actor.userId, request: parsed.request, confirm })
  if (!result.ok) {
    if (result.code === 'stale')
      return data<BulkReply>({ kind: 'stale', values, outcome: result.outcome, at: Date.now() })
    if (result.code === 'not_found') throw redirect('/vendor-dashboard')
    const errors = { categoryId: 'vendorProducts.bulk.error.category' }
    return data<BulkReply>({ kind: 'invalid', values, errors }, { status: 400 })
  }
  return data<BulkReply>({ kind: result.applied ? 'done' : 'preview', values, outcome: result.outcome, at: Date.now() })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

const statusClass = {
  active: 'bg-success/15 text-success',
  draft: 'bg-muted text-muted-foreground',
  archived: 'bg-destructive/10 text-destructive',
} as const

const sortLabel = {
  newest: 'vendorProducts.sort.newest',
  oldest: 'vendorProducts.sort.oldest',
  name: 'vendorProducts.sort.name',
  'name-desc': 'vendorProducts.sort.nameDesc',
  'price-asc': 'vendorProducts.sort.priceAsc',
  'price-desc': 'vendorProducts.sort.priceDesc',
  'stock-asc': 'vendorProducts.sort.stockAsc',
  'stock-desc': 'vendorProducts.sort.stockDesc',
} as const satisfies Record<(typeof ownProductSorts)[number], MessageId>

const skipLabel = {
  'needs-photo': 'vendorProducts.skip.needsPhoto',
  'needs-variant': 'vendorProducts.skip.needsVariant',
  'price-not-positive': 'vendorProducts.skip.priceNotPositive',
  'price-too-high': 'vendorProducts.skip.priceTooHigh',
  'not-draft': 'vendorProducts.skip.notDraft',
  ordered: 'vendorProducts.skip.ordered',
} as const satisfies Record<BulkSkipReason, MessageId>

const selectClass =
  'h-10 rounded-md border border-input bg-card px-2 text-base focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm'

const BULK_FORM = 'bulk-products'
const DUPLICATE_FORM = 'duplicate-product'

export default function VendorProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { listing, query, categories, hidden } = loaderData
  const { pathname, search } = useLocation()
  const busy = useNavigation().state === 'submitting'
  const reply = actionData as BulkReply | undefined
  const values = reply?.kind === 'invalid' ? reply.values : null
  const errors = reply?.kind === 'invalid' ? reply.errors : {}
  const dates = dateFormat(intlLocale, { day: 'numeric', month: 'short', year: 'numeric' })
  const tabHref = (status: string) => {
    const p = new URLSearchParams()
    if (status !== 'all') p.set('status', status)
    if (query.q) p.set('q', query.q)
    if (query.sort !== 'newest') p.set('sort', query.sort)
    const s = p.toString()
    return s ? `?${s}` : '.'
  }
  const price = (p: (typeof listing.items)[number]) =>
    p.minPrice != null || p.maxPrice != null
      ? t('vendorProducts.priceRange', {
          from: formatRwf(p.minPrice ?? p.price, intlLocale),
          to: formatRwf(p.maxPrice ?? p.price, intlLocale),
        })
      : formatRwf(p.price, intlLocale)

  // With JavaScript: the count of ticked products, "select all on this page" ticking every row, and the bar's
  // count following. Without it, the same form posts the ticked boxes (or the page's ids with "all on this page").
  const selection = useRef<HTMLDivElement>(null)
  const [selected, setSelected] = useState(values?.ids.length ?? 0)
  const [allMatching, setAllMatching] = useState(values?.scope === 'matching')
  // After an action is applied the ticks are cleared (the list below is drawn afresh): so is the count.
  const doneAt = reply?.kind === 'done' ? reply.at : null
  useEffect(() => {
    if (doneAt == null) return
    setSelected(0)
    setAllMatching(false)
  }, [doneAt])
  const rows = () => [
    ...(selection.current?.querySelectorAll<HTMLInputElement>(`input[name="id"][form="${BULK_FORM}"]`) ?? []),
  ]
  const allOnPage = () => selection.current?.querySelector<HTMLInputElement>('input[name="allOnPage"]')
  const countTicked = () => setSelected(rows().filter((box) => box.checked).length)
  // Boxes ticked before the page ran (the browser kept the ticks; no script counted them): once it runs, "all on this
  // page" ticks every row, as it would have, and the bar counts what is ticked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page starts to run
  useEffect(() => {
    if (allOnPage()?.checked) for (const box of rows()) box.checked = true
    countTicked()
  }, [])
  const onSelectionChange = (event: ChangeEvent<HTMLDivElement>) => {
    const target = event.target as unknown as HTMLInputElement
    const all = allOnPage()
    if (target.name === 'allOnPage') for (const box of rows()) box.checked = target.checked
    else if (target.name === 'id' && all) all.checked = rows().every((box) => box.checked)
    if (target.name === 'scope') setAllMatching(target.checked)
    countTicked()
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('productEditor.list.title')}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Link to="/vendor-dashboard/products/import" className={buttonVariants({ variant: 'outline' })}>
            {t('productImport.link.import')}
          </Link>
          <a href="/vendor-dashboard/products.csv" download className={buttonVariants({ variant: 'outline' })}>
            {t('productImport.link.export')}
          </a>
          <Link to="/vendor-dashboard/products/new" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            {t('productEditor.list.add')}
          </Link>
        </div>
      </div>
      {listing.storeStatus === 'pending' ? (
        <p className="mt-4 rounded-lg border border-border bg-muted p-4 text-sm">{t('productEditor.pendingStore')}</p>
      ) : null}

      <nav aria-label={t('productEditor.list.tabs')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {productListTabs.map((tab) => (
            <li key={tab}>
              <Link
                to={tabHref(tab)}
                aria-current={query.status === tab ? 'page' : undefined}
                className={cn(
                  'inline-flex h-9 items-center rounded-full border px-3 text-sm',
                  query.status === tab
                    ? 'border-primary bg-primary/10 font-semibold text-primary'
                    : 'border-input hover:bg-muted',
                )}
              >
                {t('productEditor.list.tab', { status: t(`productEditor.tab.${tab}`), count: listing.counts[tab] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Form method="get" role="search" className="mt-4 flex flex-wrap gap-2">
        {query.status !== 'all' ? <input type="hidden" name="status" value={query.status} /> : null}
        <div className="min-w-0 flex-[1_1_14rem]">
          <label htmlFor="product-search" className="sr-only">
            {t('productEditor.list.search')}
          </label>
          <Input
            id="product-search"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder={t('productEditor.list.search')}
          />
        </div>
        <div className="flex min-w-0 flex-[1_1_14rem] gap-2">
          <label htmlFor="product-sort" className="sr-only">
            {t('vendorProducts.sort.label')}
          </label>
          <select
            id="product-sort"
            name="sort"
            defaultValue={query.sort}
            className={cn(selectClass, 'min-w-0 flex-1')}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            {ownProductSorts.map((sort) => (
              <option key={sort} value={sort}>
                {t('vendorProducts.sort.option', { order: t(sortLabel[sort]) })}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonVariants({ variant: 'outline' })}>
            <Search aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t('productEditor.list.searchButton')}</span>
          </button>
        </div>
      </Form>

      {reply && reply.kind !== 'invalid' ? <BulkReplyPanel reply={reply} /> : null}

      {listing.items.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
          {listing.counts.all === 0 ? t('productEditor.list.empty') : t('productEditor.list.noMatch')}
        </p>
      ) : (
        <div
          ref={selection}
          onChange={onSelectionChange}
          key={reply && reply.kind === 'done' ? reply.at : 'list'}
          className="mt-4"
        >
          <Form method="post" id={DUPLICATE_FORM} className="hidden">
            <input type="hidden" name="intent" value="duplicate" />
          </Form>
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-t-lg border border-border bg-muted/50 px-3 py-2 text-sm">
            <label className="inline-flex items-center gap-2 font-medium">
              <input
                type="checkbox"
                name="allOnPage"
                value="1"
                form={BULK_FORM}
                className="size-4 accent-primary"
                defaultChecked={values ? listing.items.every((p) => values.ids.includes(String(p.id))) : false}
              />
              {t('vendorProducts.selectAllPage')}
            </label>
            <span className="text-muted-foreground">{t('vendorProducts.bulk.selected', { count: selected })}</span>
          </div>
          <table className="w-full border-collapse text-sm max-md:block">
            <thead className="max-md:hidden">
              <tr className="border-x border-b border-border text-left text-xs text-muted-foreground uppercase">
                <th scope="col" className="w-10 px-3 py-2">
                  <span className="sr-only">{t('vendorProducts.col.select')}</span>
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('vendorProducts.col.product')}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t('vendorProducts.col.price')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('vendorProducts.col.stock')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('vendorProducts.col.status')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('vendorProducts.col.added')}
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t('vendorProducts.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-md:mt-3 max-md:grid max-md:gap-3">
              {listing.items.map((p) => (
                <tr
                  key={p.id}
                  className="border-border align-top max-md:grid max-md:grid-cols-[auto_4rem_minmax(0,1fr)] max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3 md:border-x md:border-b"
                >
                  <td className="px-3 py-3 max-md:row-span-5 max-md:p-0 max-md:pt-1">
                    <input
                      type="checkbox"
                      name="id"
                      value={p.id}
                      form={BULK_FORM}
                      aria-label={t('vendorProducts.selectOne', { title: p.title })}
                      className="size-4 accent-primary"
                      defaultChecked={values?.ids.includes(String(p.id)) ?? false}
                    />
                  </td>
                  <td className="px-2 py-3 max-md:contents">
                    <div className="flex gap-3 max-md:contents">
                      <div className="w-14 shrink-0 overflow-hidden rounded-md bg-muted max-md:row-span-5 max-md:w-16 max-md:self-start">
                        {p.image ? (
                          <ResponsiveImage {...p.image} sizes="64px" className="aspect-[4/5] w-full object-cover" />
                        ) : (
                          <div className="flex aspect-[4/5] items-center justify-center p-1 text-center text-[10px] text-muted-foreground">
                            {t('productEditor.list.noPhoto')}
                          </div>
                        )}
                      </div>
                      <div className="min-w-0">
                        <Link
                          to={`/vendor-dashboard/products/${p.id}`}
                          className="font-semibold break-words hover:underline"
                        >
                          {p.title}
                        </Link>
                        <p className="text-xs text-muted-foreground">
                          {t('vendorProducts.skuCount', { count: p.variantCount })}
                        </p>
                        {hidden[p.id] !== undefined ? (
                          <p className="mt-1 text-xs font-semibold break-words text-red-800">
                            {t('productEditor.hidden.notice', { reason: hidden[p.id] })}
                          </p>
                        ) : null}
                      </div>
                    </div>
                  </td>
                  <td className="px-2 py-3 font-medium whitespace-nowrap max-md:col-start-3 max-md:p-0 md:text-right">
                    {price(p)}
                  </td>
                  <td className="px-2 py-3 whitespace-nowrap max-md:col-start-3 max-md:p-0 max-md:text-xs">
                    {t('vendorProducts.stockShort', { count: p.totalStock })}
                  </td>
                  <td className="px-2 py-3 max-md:col-start-3 max-md:p-0">
                    <span className={cn('rounded px-2 py-0.5 text-xs font-semibold', statusClass[p.status])}>
                      {t(`productEditor.status.${p.status}`)}
                    </span>
                  </td>
                  <td className="px-2 py-3 whitespace-nowrap text-muted-foreground max-md:hidden">
                    {dates.format(p.createdAt)}
                  </td>
                  <td className="px-3 py-3 max-md:col-start-3 max-md:p-0 max-md:pt-1">
                    <div className="flex flex-wrap gap-x-4 gap-y-1">
                      <Link
                        to={`/vendor-dashboard/products/${p.id}`}
                        className="font-medium text-primary hover:underline"
                        aria-label={t('productEditor.list.editNamed', { title: p.title })}
                      >
                        {t('productEditor.list.edit')}
                      </Link>
                      <button
                        type="submit"
                        form={DUPLICATE_FORM}
                        name="productId"
                        value={p.id}
                        disabled={busy}
                        className="font-medium text-primary hover:underline disabled:opacity-50"
                        aria-label={t('vendorProducts.duplicateNamed', { title: p.title })}
                      >
                        {t('vendorProducts.duplicate')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <Form
            method="post"
            id={BULK_FORM}
            aria-label={t('vendorProducts.bulk.title')}
            className={cn(
              'group/bulk mt-3 grid gap-2 rounded-lg border border-border bg-card p-3',
              // Kept in sight on wider screens while products are ticked (the count changes with JavaScript only); on a
              // phone it would cover half the list, so it stays after the list there.
              (selected > 0 || allMatching) &&
                'md:sticky md:bottom-0 md:z-10 md:max-h-[60vh] md:overflow-y-auto md:shadow-lg',
            )}
          >
            {listing.items.map((p) => (
              <input key={p.id} type="hidden" name="pageId" value={p.id} />
            ))}
            <input type="hidden" name="status" value={query.status} />
            <input type="hidden" name="q" value={query.q} />
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p className="font-semibold" aria-live="polite">
                {allMatching
                  ? t('vendorProducts.bulk.selected', { count: listing.total })
                  : t('vendorProducts.bulk.selected', { count: selected })}
              </p>
              {listing.pageCount > 1 || listing.total > 0 ? (
                <label className="inline-flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="scope"
                    value="matching"
                    className="size-4 accent-primary"
                    defaultChecked={values?.scope === 'matching'}
                  />
                  {t('vendorProducts.bulk.allMatching', { count: listing.total })}
                </label>
              ) : null}
            </div>
            <FieldError id="bulk-scope-error">{errors.scope ? t(messageId(errors.scope)) : null}</FieldError>
            <div className="flex flex-wrap items-start gap-2">
              <div className="grid min-w-0 flex-[1_1_12rem] gap-1">
                <Label htmlFor="bulk-action" size="xs">
                  {t('vendorProducts.bulk.action')}
                </Label>
                <select
                  id="bulk-action"
                  name="action"
                  defaultValue={values?.action ?? ''}
                  className={selectClass}
                  aria-invalid={errors.action ? true : undefined}
                  aria-describedby={errors.action ? 'bulk-action-error' : undefined}
                >
                  <option value="">{t('vendorProducts.bulk.choose')}</option>
                  {bulkActions.map((a) => (
                    <option key={a} value={a}>
                      {t(`vendorProducts.bulk.action.${a}`)}
                    </option>
                  ))}
                </select>
              </div>
              {/* Shown only with their action chosen: CSS (:has), so it works before and without JavaScript. */}
              <div className="hidden min-w-0 flex-[2_1_20rem] flex-wrap items-end gap-2 group-has-[option[value=price]:checked]/bulk:flex">
                <div className="grid gap-1">
                  <Label htmlFor="bulk-direction" size="xs">
                    {t('vendorProducts.bulk.direction')}
                  </Label>
                  <select
                    id="bulk-direction"
                    name="direction"
                    defaultValue={values?.direction ?? 'up'}
                    className={selectClass}
                  >
                    <option value="up">{t('vendorProducts.bulk.up')}</option>
                    <option value="down">{t('vendorProducts.bulk.down')}</option>
                  </select>
                </div>
                <div className="grid gap-1">
                  <Label htmlFor="bulk-mode" size="xs">
                    {t('vendorProducts.bulk.mode')}
                  </Label>
                  <select id="bulk-mode" name="mode" defaultValue={values?.mode ?? 'percent'} className={selectClass}>
                    <option value="percent">{t('vendorProducts.bulk.percent')}</option>
                    <option value="amount">{t('vendorProducts.bulk.amount')}</option>
                  </select>
                </div>
                <div className="grid w-28 gap-1">
                  <Label htmlFor="bulk-amount" size="xs">
                    {t('vendorProducts.bulk.value')}
                  </Label>
                  <Input
                    id="bulk-amount"
                    name="amount"
                    inputMode="decimal"
                    defaultValue={values?.amount ?? ''}
                    aria-invalid={errors.amount ? true : undefined}
                    aria-describedby={errors.amount ? 'bulk-amount-error' : 'bulk-price-hint'}
                  />
                </div>
                <p id="bulk-price-hint" className="basis-full text-xs text-muted-foreground">
                  {t('vendorProducts.bulk.priceHint')}
                </p>
                <div className="basis-full">
                  <FieldError id="bulk-amount-error">{errors.amount ? t(messageId(errors.amount)) : null}</FieldError>
                </div>
              </div>
              <div className="hidden min-w-0 flex-[2_1_16rem] gap-1 group-has-[option[value=category]:checked]/bulk:grid">
                <Label htmlFor="bulk-category" size="xs">
                  {t('vendorProducts.bulk.category')}
                </Label>
                <select
                  id="bulk-category"
                  name="categoryId"
                  defaultValue={values?.categoryId ?? ''}
                  className={cn(selectClass, 'w-full')}
                  aria-invalid={errors.categoryId ? true : undefined}
                  aria-describedby={errors.categoryId ? 'bulk-category-error' : undefined}
                >
                  <option value="">{t('vendorProducts.bulk.chooseCategory')}</option>
                  {categories.map((group) => (
                    <optgroup key={group.label} label={group.label}>
                      {group.options.map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                <FieldError id="bulk-category-error">
                  {errors.categoryId ? t(messageId(errors.categoryId)) : null}
                </FieldError>
              </div>
              {/* Level with the fields, below their labels. */}
              <button type="submit" name="intent" value="bulk" disabled={busy} className={cn(buttonVariants(), 'mt-5')}>
                {t('vendorProducts.bulk.submit')}
              </button>
            </div>
            <FieldError id="bulk-action-error">{errors.action ? t(messageId(errors.action)) : null}</FieldError>
          </Form>
        </div>
      )}
      <Pagination
        className="mt-6"
        page={listing.page}
        pageCount={listing.pageCount}
        hrefFor={(page) => pageHref(pathname, search, page)}
      />
    </div>
  )
}

/** What a bulk action did, or, for a price change or a deletion, what it will do with a button to confirm it. */
function BulkReplyPanel({ reply }: { reply: Extract<BulkReply, { outcome: BulkOutcome }> }) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { pathname, search } = useLocation()
  const busy = useNavigation().state === 'submitting'
  const { outcome, values } = reply
  const isDelete = values.action === 'delete'
  const confirming = reply.kind === 'preview' || (reply.kind === 'stale' && outcome.changed > 0)
  const more = outcome.changed - outcome.lines.length
  // A reply appears above the list while the seller is at the action bar below it: bring it into view and to the
  // keyboard, or the preview (and its Confirm) goes unseen. Without JavaScript the page loads at its top anyway.
  const panel = useRef<HTMLDivElement>(null)
  const at = reply.at
  useEffect(() => {
    if (!at) return
    panel.current?.scrollIntoView({ block: 'start' })
    panel.current?.focus({ preventScroll: true })
  }, [at])
  const skipped =
    outcome.skippedCount > 0 ? (
      <div className="mt-2">
        <p className="font-medium">{t('vendorProducts.skipped.title', { count: outcome.skippedCount })}</p>
        <ul className="mt-1 list-disc ps-5">
          {outcome.skipped.map((s) => (
            <li key={s.id} className="break-words">
              {t('vendorProducts.skipped.line', { title: s.title, reason: t(skipLabel[s.reason]) })}
            </li>
          ))}
          {outcome.skippedCount > outcome.skipped.length ? (
            <li>{t('vendorProducts.confirm.more', { count: outcome.skippedCount - outcome.skipped.length })}</li>
          ) : null}
        </ul>
      </div>
    ) : null

  if (!confirming) {
    return (
      <div
        ref={panel}
        tabIndex={-1}
        role="status"
        className="mt-4 scroll-mt-28 rounded-lg border border-border bg-muted/50 p-4 text-sm outline-none"
      >
        <p className="font-semibold">
          {reply.kind === 'stale'
            ? t('vendorProducts.done.repeated')
            : isDelete
              ? t('vendorProducts.done.deleted', { count: outcome.changed })
              : t('vendorProducts.done.changed', { count: outcome.changed })}
          {outcome.unchanged > 0 ? ` ${t('vendorProducts.done.unchanged', { count: outcome.unchanged })}` : null}
        </p>
        {skipped}
      </div>
    )
  }
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="bulk-confirm-title"
      className={cn(
        'mt-4 scroll-mt-28 rounded-lg border p-4 text-sm outline-none',
        isDelete ? 'border-destructive/40 bg-destructive/5' : 'border-primary/40 bg-primary/5',
      )}
    >
      {reply.kind === 'stale' ? <p className="mb-2 font-medium">{t('vendorProducts.confirm.stale')}</p> : null}
      <h2 id="bulk-confirm-title" className="text-base font-semibold">
        {outcome.changed === 0
          ? t('vendorProducts.confirm.nothing')
          : isDelete
            ? t('vendorProducts.confirm.delete', { count: outcome.changed })
            : t('vendorProducts.confirm.price', { count: outcome.changed })}
      </h2>
      {isDelete && outcome.changed > 0 ? <p className="mt-1">{t('vendorProducts.confirm.deleteBody')}</p> : null}
      {outcome.lines.length ? (
        <ul className="mt-2 grid gap-1">
          {outcome.lines.map((line) => (
            <li key={line.id} className="flex flex-wrap justify-between gap-x-3 border-b border-border/60 py-1">
              <span className="min-w-0 break-words">{line.title}</span>
              {line.before != null && line.after != null ? (
                <span className="font-medium whitespace-nowrap">
                  {t('vendorProducts.confirm.priceLine', {
                    before: formatRwf(line.before, intlLocale),
                    after: formatRwf(line.after, intlLocale),
                  })}
                </span>
              ) : null}
            </li>
          ))}
          {more > 0 ? (
            <li className="py-1 text-muted-foreground">{t('vendorProducts.confirm.more', { count: more })}</li>
          ) : null}
        </ul>
      ) : null}
      {skipped}
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="action" value={values.action} />
        <input type="hidden" name="scope" value={values.scope} />
        {values.ids.map((id) => (
          <input key={id} type="hidden" name="id" value={id} />
        ))}
        <input type="hidden" name="status" value={values.status} />
        <input type="hidden" name="q" value={values.q} />
        <input type="hidden" name="direction" value={values.direction} />
        <input type="hidden" name="mode" value={values.mode} />
        <input type="hidden" name="amount" value={values.amount} />
        <input type="hidden" name="categoryId" value={values.categoryId} />
        <input type="hidden" name="fingerprint" value={outcome.fingerprint} />
        {outcome.changed > 0 ? (
          <button
            type="submit"
            name="intent"
            value="confirm"
            disabled={busy}
            className={buttonVariants({ variant: isDelete ? 'destructive' : 'default' })}
          >
            {isDelete ? t('vendorProducts.confirm.applyDelete') : t('vendorProducts.confirm.applyPrice')}
          </button>
        ) : null}
        <Link to={`${pathname}${search}`} className={buttonVariants({ variant: 'outline' })}>
          {t('vendorProducts.confirm.cancel')}
        </Link>
      </Form>
    </section>
  )
}
