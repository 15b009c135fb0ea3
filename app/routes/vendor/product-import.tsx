import { data, Form, Link, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { FieldError, Label } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { readBoundedForm } from '#app/lib/form-data.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import type { ProductCsvError } from '#app/modules/catalog/product-csv.ts'
import type { ImportPreview } from '#app/modules/catalog/product-import.server.ts'
import type { Route } from './+types/product-import'
import {
  applyImport,
  type FileRefusalCode,
  IMPORT_FORM_MAX_BYTES,
  importLimits,
  previewImport,
  type ZipRefusalCode,
} from './product-import.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['product-import'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Importing products from a CSV file (and a zip of their photos) into the signed-in vendor's store: upload,
// preview what would be created and updated with every error by line, then apply all or nothing.
export async function loader({ request, context }: Route.LoaderArgs) {
  guardedActor(context, 'vendor')
  return { title: requestI18n(request)._('productImport.meta'), limits: importLimits() }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'vendor')
  const read = await readBoundedForm(request, {
    maxFileBytes: IMPORT_FORM_MAX_BYTES,
    maxFiles: 2,
    maxTotalBytes: IMPORT_FORM_MAX_BYTES,
  })
  if (!read.ok) {
    return data(
      { intent: 'preview' as const, fileError: { code: 'too-large' as const }, zipError: null },
      { status: read.code === 'too_large' ? 413 : 400 },
    )
  }
  const intent = read.form.get('intent')
  if (intent === 'preview') return previewImport(serviceContextOf(context), actor.userId, read.form)
  if (intent === 'apply') return applyImport(serviceContextOf(context), actor.userId, read.form)
  throw data(null, { status: 400 })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

type Limits = Route.ComponentProps['loaderData']['limits']

const linkClass = 'text-sm font-medium text-primary underline underline-offset-4'

export default function ProductImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { limits } = loaderData
  const previewed = actionData && 'preview' in actionData ? actionData : null
  const refusal = actionData && 'fileError' in actionData ? actionData : null
  const applyError = actionData && 'error' in actionData ? actionData : null
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link
        to="/vendor-dashboard/products"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('productImport.back')}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('productImport.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('productImport.intro')}</p>
      <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <a href="/vendor-dashboard/products-template.csv" download className={linkClass}>
          {t('productImport.template')}
        </a>
        <a href="/vendor-dashboard/products.csv" download className={linkClass}>
          {t('productImport.export')}
        </a>
      </p>
      {applyError ? (
        <p role="alert" className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {applyError.error === 'photo-failed'
            ? t('productImport.photoFailed', { file: 'file' in applyError ? applyError.file : '' })
            : t('productImport.expired')}
        </p>
      ) : null}
      {previewed?.preview ? (
        <PreviewSection
          preview={previewed.preview}
          token={previewed.token}
          stale={previewed.stale}
          uploadMb={limits.uploadMb}
        />
      ) : (
        <UploadForm
          limits={limits}
          fileError={refusal?.fileError ?? null}
          zipError={refusal && 'zipError' in refusal ? refusal.zipError : null}
        />
      )}
      <HowTo limits={limits} />
    </div>
  )
}

function UploadForm({
  limits,
  fileError,
  zipError,
}: {
  limits: Limits
  fileError: { code: FileRefusalCode; missing?: string[]; line?: number } | null
  zipError: ZipRefusalCode | null
}) {
  const t = useT()
  const busy = useNavigation().formData?.get('intent') === 'preview'
  return (
    <section aria-labelledby="import-upload-title" className="mt-6 rounded-lg border border-border bg-card p-4 sm:p-6">
      <h2 id="import-upload-title" className="sr-only">
        {t('productImport.preview')}
      </h2>
      <Form method="post" encType="multipart/form-data" className="grid gap-4">
        <input type="hidden" name="intent" value="preview" />
        <div className="grid gap-2">
          <Label htmlFor="import-file">{t('productImport.file')}</Label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'import-file-error' : undefined}
            className="block w-full max-w-full text-sm file:mr-3 file:h-10 file:rounded-md file:border file:border-input file:bg-muted file:px-3 file:text-sm file:font-medium"
          />
          <FieldError id="import-file-error">
            {fileError
              ? t(`productImport.refused.${fileError.code}`, {
                  ...limits,
                  missing: fileError.missing?.join(', ') ?? '',
                  line: fileError.line ?? '',
                })
              : null}
          </FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="import-photos">{t('productImport.zip')}</Label>
          <input
            id="import-photos"
            name="photos"
            type="file"
            accept=".zip,application/zip"
            aria-invalid={zipError ? true : undefined}
            aria-describedby={zipError ? 'import-photos-error' : undefined}
            className="block w-full max-w-full text-sm file:mr-3 file:h-10 file:rounded-md file:border file:border-input file:bg-muted file:px-3 file:text-sm file:font-medium"
          />
          <FieldError id="import-photos-error">
            {zipError ? t(`productImport.zipRefused.${zipError}`, limits) : null}
          </FieldError>
        </div>
        <p className="text-sm text-muted-foreground">{t('productImport.limits', limits)}</p>
        <div>
          <Button type="submit" disabled={busy}>
            {t('productImport.preview')}
          </Button>
        </div>
      </Form>
    </section>
  )
}

function errorText(t: ReturnType<typeof useT>, e: ProductCsvError, uploadMb: number) {
  return t(`productImport.error.${e.code}`, {
    value: e.value ?? '',
    column: e.column ?? '',
    firstLine: e.firstLine ?? '',
    max: e.max ?? '',
    handle: e.handle ?? '',
    uploadMb,
  })
}

const actionClass = {
  create: 'bg-success/15 text-success',
  update: 'bg-primary/10 text-primary',
  unchanged: 'bg-muted text-muted-foreground',
} as const

function PreviewSection({
  preview,
  token,
  stale,
  uploadMb,
}: {
  preview: ImportPreview
  token: string | null
  stale: boolean
  uploadMb: number
}) {
  const t = useT()
  const busy = useNavigation().formData?.get('intent') === 'apply'
  const { counts, errors, products } = preview
  const total = counts.productsCreated + counts.productsUpdated + counts.productsUnchanged
  return (
    <section
      aria-labelledby="import-preview-title"
      className="mt-6 rounded-lg border border-primary/40 bg-card p-4 sm:p-6"
    >
      <h2 id="import-preview-title" className="text-lg font-semibold">
        {t('productImport.previewTitle')}
      </h2>
      {stale ? (
        <p role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('productImport.stale')}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <div role="alert" className="mt-3 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <p className="font-semibold">{t('productImport.errors', { count: errors.length })}</p>
          <ul className="mt-2 grid gap-1 break-words">
            {errors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one line may have several errors of the same code
              <li key={`${e.line}-${e.code}-${i}`}>
                <span className="font-medium">{t('productImport.line', { line: e.line })}</span>{' '}
                {errorText(t, e, uploadMb)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-3 text-sm">
        {t('productImport.summary.products', {
          created: counts.productsCreated,
          updated: counts.productsUpdated,
          unchanged: counts.productsUnchanged,
        })}
      </p>
      <p className="mt-1 text-sm">
        {t('productImport.summary.variants', {
          created: counts.variantsCreated,
          updated: counts.variantsUpdated,
          photos: counts.photosAdded,
        })}
      </p>
      {products.length > 0 ? (
        <ul
          aria-label={t('productImport.table.caption')}
          className="mt-3 divide-y divide-border border-y border-border"
        >
          {products.map((p) => (
            <li key={p.handle} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <span className="block font-medium break-words">{p.title}</span>
                <span className="block text-muted-foreground break-all">
                  {t('productImport.table.detail', { line: p.line, handle: p.handle })}
                </span>
                <span className="block text-muted-foreground">
                  {t('productImport.table.counts', {
                    variants: p.variantsCreated,
                    updated: p.variantsUpdated,
                    photos: p.photosAdded,
                  })}
                </span>
              </div>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', actionClass[p.action])}>
                {t(`productImport.action.${p.action}`)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {total > products.length ? (
        <p className="mt-2 text-sm text-muted-foreground">
          {t('productImport.more', { count: total - products.length })}
        </p>
      ) : null}
      {errors.length === 0 && !token ? <p className="mt-3 text-sm font-medium">{t('productImport.nothing')}</p> : null}
      {token && preview.filesToStore.length > 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          {t('productImport.photosSlow', { count: preview.filesToStore.length })}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {token ? (
          <Form method="post" encType="multipart/form-data">
            <input type="hidden" name="intent" value="apply" />
            <input type="hidden" name="token" value={token} />
            <Button type="submit" disabled={busy}>
              {busy ? t('productImport.applying') : t('productImport.apply')}
            </Button>
          </Form>
        ) : null}
        <Link to="/vendor-dashboard/products/import" className="text-sm font-medium text-primary hover:underline">
          {t('productImport.cancel')}
        </Link>
      </div>
    </section>
  )
}

function HowTo({ limits }: { limits: Limits }) {
  const t = useT()
  return (
    <section aria-labelledby="import-howto-title" className="mt-6 rounded-lg border border-border bg-card p-4 sm:p-6">
      <h2 id="import-howto-title" className="text-lg font-semibold">
        {t('productImport.howto.title')}
      </h2>
      <ul className="mt-2 grid list-disc gap-2 pl-5 text-sm break-words">
        <li>{t('productImport.howto.columns')}</li>
        <li>{t('productImport.howto.handle')}</li>
        <li>{t('productImport.howto.category')}</li>
        <li>{t('productImport.howto.status')}</li>
        <li>{t('productImport.howto.prices')}</li>
        <li>{t('productImport.howto.sku')}</li>
        <li>{t('productImport.howto.photos')}</li>
        <li>{t('productImport.howto.separators')}</li>
        <li>{t('productImport.limits', limits)}</li>
      </ul>
    </section>
  )
}
