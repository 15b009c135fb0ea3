import type { FieldMetadata } from '@conform-to/react'
import { useEffect, useRef } from 'react'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { HiddenByIsoko } from '#app/components/catalog/hidden-by-isoko.tsx'
import { VariantGridEditor } from '#app/components/catalog/variant-grid-editor.tsx'
import { useServerForm } from '#app/components/forms/use-server-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { ArrowLeft, Trash2 } from '#app/components/ui/icons.tsx'
import { FieldError, Input, Label, Textarea } from '#app/components/ui/input.tsx'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { requestI18n, requestLocale } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { findProductModeration } from '#app/modules/catalog/moderation.server.ts'
import {
  emptyVariant,
  idOf,
  type ProductFormValues,
  productBadges,
  productEditorLimits,
  productStatuses,
  translationLocales,
} from '#app/modules/catalog/product-editor.schemas.ts'
import { optionsOf } from '#app/modules/catalog/variant-grid.ts'
import {
  type CategoryChoiceGroup,
  findOwnProduct,
  listCategoryChoices,
  type OwnPhoto,
} from '#app/modules/catalog/vendor-products.server.ts'
import { findStoreSettings } from '#app/modules/vendors/own-store.server.ts'
import type { Route } from './+types/product-editor'
import { type EditorActionData, notFound, productEditorAction } from './product-editor.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['product-editor', 'uploads'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// One page creates (/vendor-dashboard/products/new) or edits (/vendor-dashboard/products/:productId) a product of
// the signed-in vendor's store. Photos come after the first save. Works without JavaScript: every button posts.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const ctx = serviceContextOf(context)
  const owner = { ownerUserId: actor.userId }
  const productId = params.productId === undefined ? null : idOf(params.productId)
  if (params.productId !== undefined && productId === null) notFound()
  const product = productId === null ? null : await findOwnProduct(ctx, { ...owner, productId })
  if (productId !== null && !product) notFound()
  const store = product ? { status: product.storeStatus } : await findStoreSettings(ctx, owner)
  if (!store) throw redirect('/vendor-dashboard')
  const env = getEnv()
  return {
    title: requestI18n(request)._(product ? 'productEditor.meta.edit' : 'productEditor.meta.new'),
    product,
    // Staff may have hidden it, with a reason the vendor reads (issue 17).
    moderation: product ? await findProductModeration(ctx, product.id) : null,
    storeStatus: store.status,
    categories: await listCategoryChoices(ctx, requestLocale(request)),
    limits: { maxMb: env.UPLOAD_MAX_MB, max: env.UPLOAD_MAX_PHOTOS, minSide: 200 },
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'vendor')
  return productEditorAction(serviceContextOf(context), request, actor, params.productId)
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

const selectClass =
  'h-10 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm'

export default function ProductEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const { product, categories, limits, storeStatus } = loaderData
  const initial: ProductFormValues = product
    ? {
        title: product.title,
        description: product.description,
        translations: product.translations,
        categoryId: String(product.categoryId),
        price: String(product.price),
        compareAtPrice: product.compareAtPrice == null ? '' : String(product.compareAtPrice),
        badge: product.badge ?? '',
        status: product.status,
        ...optionsOf(product.variants.map((v) => ({ size: v.size ?? '', colour: v.colour ?? '' }))),
        variants: product.variants.map((v) => ({
          id: String(v.id),
          size: v.size ?? '',
          colour: v.colour ?? '',
          sku: v.sku,
          stock: String(v.stock),
          price: v.price == null ? '' : String(v.price),
        })),
      }
    : {
        title: '',
        description: '',
        translations: { rw: { title: '', description: '' }, fr: { title: '', description: '' } },
        categoryId: '',
        price: '',
        compareAtPrice: '',
        badge: '',
        status: 'draft',
        sizes: '',
        colours: '',
        variants: [emptyVariant()],
      }
  const values = actionData?.values ?? initial
  const photoErrors: Record<string, string> = actionData?.photoErrors ?? {}
  // The colours a photo can be tied to: those of the saved variants.
  const productColours = [...new Set((product?.variants ?? []).flatMap((v) => (v.colour ? [v.colour] : [])))]

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to="/vendor-dashboard/products"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('productEditor.back')}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">
        {product ? t('productEditor.editTitle') : t('productEditor.newTitle')}
      </h1>
      {loaderData.moderation ? <HiddenByIsoko reason={loaderData.moderation.reason} className="mt-3" /> : null}
      {product ? (
        <p className="mt-1 break-all text-sm text-muted-foreground">
          {product.status === 'active' && storeStatus === 'approved' && !loaderData.moderation ? (
            <Link to={`/products/${product.slug}`} className="text-primary underline underline-offset-4">
              {t('productEditor.viewInStore')}
            </Link>
          ) : (
            t('productEditor.address', { path: `/products/${product.slug}` })
          )}
        </p>
      ) : (
        <p className="mt-1 text-muted-foreground">{t('productEditor.newIntro')}</p>
      )}
      {storeStatus === 'pending' ? (
        <p className="mt-4 rounded-lg border border-border bg-muted p-4 text-sm">{t('productEditor.pendingStore')}</p>
      ) : null}
      {actionData?.notice ? (
        <p role="status" className="mt-4 rounded-lg border border-success/40 bg-success/10 p-4 font-medium">
          {t(messageId(actionData.notice))}
        </p>
      ) : null}
      {actionData?.errors && Object.keys(actionData.errors).length ? (
        <p role="alert" className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 p-4">
          {t('productEditor.refused')}
        </p>
      ) : null}

      <ProductForm
        key={JSON.stringify(values)}
        answer={actionData}
        initial={initial}
        categories={categories}
        isNew={!product}
        busy={busy}
      />

      <section
        id="photos"
        aria-labelledby="photos-title"
        className="mt-8 rounded-lg border border-border bg-card p-4 sm:p-6"
      >
        <h2 id="photos-title" className="text-lg font-semibold">
          {t('productEditor.section.photos')}
        </h2>
        {product ? (
          <>
            <p className="mt-1 text-sm text-muted-foreground">{t('productEditor.photos.intro', limits)}</p>
            {product.photos.length ? (
              <ol className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
                {product.photos.map((photo, i) => (
                  <PhotoItem
                    key={photo.id}
                    photo={photo}
                    colours={productColours}
                    index={i}
                    count={product.photos.length}
                    error={photoErrors[`alt.${photo.id}`]}
                  />
                ))}
              </ol>
            ) : (
              <p className="mt-4 rounded-md bg-muted p-3 text-sm">{t('productEditor.photos.none')}</p>
            )}
            <div className="mt-4 grid gap-1.5">
              <Label htmlFor="product-photos">{t('productEditor.photos.choose')}</Label>
              <input
                id="product-photos"
                form="product-form"
                type="file"
                name="photos"
                multiple
                accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
                aria-invalid={photoErrors.photos ? true : undefined}
                aria-describedby={
                  photoErrors.photos ? 'product-photos-error product-photos-hint' : 'product-photos-hint'
                }
                className="block w-full text-sm file:mr-3 file:h-10 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:font-medium"
              />
              <p id="product-photos-hint" className="text-xs text-muted-foreground">
                {t('upload.hint', limits)}
              </p>
              <FieldError id="product-photos-error">
                {photoErrors.photos ? t(messageId(photoErrors.photos), limits) : null}
              </FieldError>
              <div>
                <Button
                  type="submit"
                  form="product-form"
                  name="intent"
                  value="uploadPhotos"
                  variant="secondary"
                  formNoValidate
                  disabled={busy}
                >
                  {t('productEditor.photos.upload')}
                </Button>
              </div>
            </div>
          </>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">{t('productEditor.photos.afterSave')}</p>
        )}
      </section>
    </div>
  )
}

/**
 * The product's fields, read through Conform: each field's id, error id and message come from its metadata, and
 * the variant rows are Conform's list (`variants[1].sku`). Remounted (keyed) whenever the rows shown change.
 */
function ProductForm({
  answer,
  initial,
  categories,
  isNew,
  busy,
}: {
  answer: EditorActionData | undefined
  initial: ProductFormValues
  categories: CategoryChoiceGroup[]
  isNew: boolean
  busy: boolean
}) {
  const t = useT()
  const values = answer?.values ?? initial
  const [form, fields] = useServerForm<ProductFormValues>(
    'product-form',
    answer?.values || answer?.errors ? { errors: answer.errors, values: answer.values } : undefined,
    initial,
  )
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    const form = formRef.current
    if (!form || !answer) return
    const target = answer.focus
      ? form.querySelector<HTMLElement>(`[name="${answer.focus}"]`)
      : form.querySelector<HTMLElement>('[aria-invalid="true"]')
    target?.focus()
  }, [answer])

  const field = (meta: FieldMetadata<string>) => {
    const error = meta.errors?.[0]
    return {
      id: meta.id,
      name: meta.name,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': error ? meta.errorId : undefined,
      error: <FieldError id={meta.errorId}>{error ? t(messageId(error), limitsOf(meta.name)) : null}</FieldError>,
    }
  }
  const control = ({ error: _e, ...rest }: ReturnType<typeof field>) => rest

  return (
    <Form method="post" encType="multipart/form-data" id={form.id} ref={formRef} className="mt-6 grid gap-8">
      <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-6">
        <legend className="px-1 text-lg font-semibold">{t('productEditor.section.details')}</legend>
        {(() => {
          const f = field(fields.title)
          return (
            <div className="grid gap-1.5">
              <Label htmlFor={f.id}>{t('productEditor.field.title')}</Label>
              <Input {...control(f)} defaultValue={values.title} required maxLength={productEditorLimits.title.max} />
              {f.error}
            </div>
          )
        })()}
        {(() => {
          const f = field(fields.description)
          return (
            <div className="grid gap-1.5">
              <Label htmlFor={f.id}>{t('productEditor.field.description')}</Label>
              <Textarea {...control(f)} defaultValue={values.description} required rows={5} />
              {f.error}
            </div>
          )
        })()}
        {(() => {
          const f = field(fields.categoryId)
          return (
            <div className="grid gap-1.5">
              <Label htmlFor={f.id}>{t('productEditor.field.category')}</Label>
              <select {...control(f)} defaultValue={values.categoryId} required className={selectClass}>
                <option value="">{t('productEditor.category.choose')}</option>
                {categories.map((g) => (
                  <optgroup key={g.label} label={g.label}>
                    {g.options.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              {f.error}
            </div>
          )
        })()}
      </fieldset>

      <details
        className="group rounded-lg border border-border bg-card p-4 sm:p-6"
        open={
          translationLocales.some((l) => values.translations[l].title || values.translations[l].description) ||
          undefined
        }
      >
        <summary className="cursor-pointer text-lg font-semibold">{t('productEditor.section.translations')}</summary>
        <p className="mt-2 text-sm text-muted-foreground">{t('productEditor.translations.intro')}</p>
        {translationLocales.map((locale) => {
          const set = fields.translations.getFieldset()[locale].getFieldset()
          const title = field(set.title)
          const description = field(set.description)
          return (
            <fieldset key={locale} lang={locale} className="mt-4 grid gap-3">
              <legend className="font-medium">{t(`productEditor.translations.${locale}`)}</legend>
              <div className="grid gap-1.5">
                <Label htmlFor={title.id}>{t(`productEditor.translations.${locale}.title`)}</Label>
                <Input
                  {...control(title)}
                  defaultValue={values.translations[locale].title}
                  maxLength={productEditorLimits.title.max}
                />
                {title.error}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={description.id}>{t(`productEditor.translations.${locale}.description`)}</Label>
                <Textarea {...control(description)} defaultValue={values.translations[locale].description} rows={4} />
                {description.error}
              </div>
            </fieldset>
          )
        })}
      </details>

      <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-lg font-semibold">{t('productEditor.section.price')}</legend>
        {(['price', 'compareAtPrice'] as const).map((name) => {
          const f = field(fields[name])
          return (
            <div key={name} className="grid content-start gap-1.5">
              <Label htmlFor={f.id}>{t(`productEditor.field.${name}`)}</Label>
              <Input
                {...control(f)}
                defaultValue={values[name]}
                inputMode="numeric"
                required={name === 'price'}
                aria-describedby={[f['aria-describedby'], `${f.id}-hint`].filter(Boolean).join(' ')}
              />
              <p id={`${f.id}-hint`} className="text-xs text-muted-foreground">
                {t(`productEditor.hint.${name}`)}
              </p>
              {f.error}
            </div>
          )
        })}
        {(() => {
          const f = field(fields.badge)
          return (
            <div className="grid gap-1.5">
              <Label htmlFor={f.id}>{t('productEditor.field.badge')}</Label>
              <select {...control(f)} defaultValue={values.badge} className={selectClass}>
                <option value="">{t('productEditor.badge.none')}</option>
                {productBadges.map((b) => (
                  <option key={b} value={b}>
                    {t(`productEditor.badge.${b}`)}
                  </option>
                ))}
              </select>
              {f.error}
            </div>
          )
        })()}
        {(() => {
          const f = field(fields.status)
          return (
            <div className="grid gap-1.5">
              <Label htmlFor={f.id}>{t('productEditor.field.status')}</Label>
              <select {...control(f)} defaultValue={values.status} className={selectClass}>
                {productStatuses.map((s) => (
                  <option key={s} value={s}>
                    {t(`productEditor.status.${s}`)}
                  </option>
                ))}
              </select>
              {f.error}
            </div>
          )
        })()}
      </fieldset>

      <fieldset className="grid min-w-0 gap-4 rounded-lg border border-border bg-card p-4 sm:p-6">
        <legend className="px-1 text-lg font-semibold">{t('productEditor.section.variants')}</legend>
        <VariantGridEditor
          formId={form.id}
          initial={{
            sizes: values.sizes ?? '',
            colours: values.colours ?? '',
            rows: values.variants.map((v) => ({ ...v, price: v.price ?? '' })),
          }}
          errors={answer?.errors}
        />
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value="save" size="lg" disabled={busy}>
          {isNew ? t('productEditor.create') : t('productEditor.save')}
        </Button>
        <Link to="/vendor-dashboard/products" className="text-sm font-medium text-primary hover:underline">
          {t('productEditor.cancel')}
        </Link>
      </div>
    </Form>
  )
}

function PhotoItem({
  photo,
  colours,
  index,
  count,
  error,
}: {
  photo: OwnPhoto
  colours: string[]
  index: number
  count: number
  error?: string
}) {
  const t = useT()
  const hidden = <input type="hidden" name="photoId" value={photo.id} />
  return (
    <li className="grid content-start gap-2">
      <div className="relative overflow-hidden rounded-md border border-border">
        <ResponsiveImage
          {...photo}
          sizes="(min-width: 640px) 240px, 45vw"
          className="aspect-[4/5] w-full object-cover"
        />
        {index === 0 ? (
          <span className="absolute left-1 top-1 rounded bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
            {t('productEditor.photos.main')}
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-1">
        <Form method="post">
          {hidden}
          <input type="hidden" name="direction" value="up" />
          <Button
            type="submit"
            name="intent"
            value="movePhoto"
            variant="outline"
            size="sm"
            disabled={index === 0}
            aria-label={t('productEditor.photos.moveUp', { n: index + 1 })}
          >
            ↑
          </Button>
        </Form>
        <Form method="post">
          {hidden}
          <input type="hidden" name="direction" value="down" />
          <Button
            type="submit"
            name="intent"
            value="movePhoto"
            variant="outline"
            size="sm"
            disabled={index === count - 1}
            aria-label={t('productEditor.photos.moveDown', { n: index + 1 })}
          >
            ↓
          </Button>
        </Form>
        {index > 0 ? (
          <Form method="post">
            {hidden}
            <Button type="submit" name="intent" value="mainPhoto" variant="outline" size="sm">
              {t('productEditor.photos.makeMain')}
            </Button>
          </Form>
        ) : null}
        <Form method="post">
          {hidden}
          <Button
            type="submit"
            name="intent"
            value="deletePhoto"
            variant="ghost"
            size="sm"
            aria-label={t('productEditor.photos.delete', { n: index + 1 })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </Form>
      </div>
      <Form method="post" className="grid gap-1">
        {hidden}
        <Label htmlFor={`photo-alt-${photo.id}`} size="xs">
          {t('productEditor.photos.alt')}
        </Label>
        <div className="flex gap-1">
          <Input
            id={`photo-alt-${photo.id}`}
            name="alt"
            defaultValue={photo.alt}
            maxLength={productEditorLimits.alt.max}
            aria-invalid={error ? true : undefined}
            compact
          />
          <Button
            type="submit"
            name="intent"
            value="photoAlt"
            variant="outline"
            size="sm"
            aria-label={t('productEditor.photos.saveAltNamed', { n: index + 1 })}
          >
            {t('productEditor.photos.saveAlt')}
          </Button>
        </div>
        <FieldError id={`photo-alt-${photo.id}-error`}>
          {error ? t(messageId(error), productEditorLimits.alt) : null}
        </FieldError>
      </Form>
      {colours.length > 0 || photo.colour ? (
        <Form method="post" className="grid gap-1">
          {hidden}
          <Label htmlFor={`photo-colour-${photo.id}`} size="xs">
            {t('productEditor.photos.colour')}
          </Label>
          <div className="flex gap-1">
            <select
              id={`photo-colour-${photo.id}`}
              name="colour"
              defaultValue={photo.colour ?? ''}
              className="h-9 min-w-0 flex-1 rounded-md border border-input bg-card px-2 text-base sm:text-sm"
            >
              <option value="">{t('productEditor.photos.allColours')}</option>
              {[...new Set([...colours, ...(photo.colour ? [photo.colour] : [])])].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <Button
              type="submit"
              name="intent"
              value="photoColour"
              variant="outline"
              size="sm"
              aria-label={t('productEditor.photos.saveColourNamed', { n: index + 1 })}
            >
              {t('productEditor.photos.saveAlt')}
            </Button>
          </div>
        </Form>
      ) : null}
    </li>
  )
}

/** The {min}/{max} values a field's message may name. */
function limitsOf(name: string): Record<string, number> {
  const last = name.split('.').pop() ?? name // variants[1].sku: sku
  return (productEditorLimits as Record<string, Record<string, number>>)[last] ?? {}
}
