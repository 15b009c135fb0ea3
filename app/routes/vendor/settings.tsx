import { type ReactNode, useEffect, useRef } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input, Label, Textarea } from '#app/components/ui/input.tsx'
import { DepartmentsForm } from '#app/components/vendors/departments-form.tsx'
import { OpeningHoursForm, StoreClosingForm } from '#app/components/vendors/opening-hours-form.tsx'
import { PayoutMethodForm } from '#app/components/vendors/payout-method-form.tsx'
import { StorePictureForm } from '#app/components/vendors/store-picture-form.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { echoField, readBoundedForm } from '#app/lib/form-data.server.ts'
import { parseForm } from '#app/lib/forms.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { StoreDepartmentsSchema } from '#app/modules/accounts/accounts.schemas.ts'
import { accountsContextOf, guardedActor } from '#app/modules/accounts/request.server.ts'
import { MIN_UPLOAD_SIDE, uploadMaxBytes } from '#app/modules/images/uploads.server.ts'
import { listDistricts } from '#app/modules/places/places.server.ts'
import { WEEKDAYS } from '#app/modules/vendors/opening-hours.ts'
import {
  findStoreSettings,
  removeStorePicture,
  setOpeningHours,
  setStoreClosed,
  setStoreDepartments,
  setStorePicture,
  updateStoreSettings,
} from '#app/modules/vendors/own-store.server.ts'
import { isResponseTime, RESPONSE_TIMES } from '#app/modules/vendors/response-times.ts'
import {
  parseOpeningHoursForm,
  type StoreSettingsField,
  StoreSettingsSchema,
  storeSettingsFields,
  storeSettingsLimits,
} from '#app/modules/vendors/store-settings.schemas.ts'
import { findPayoutTarget } from '#app/modules/vendors/vendors.server.ts'
import { callerOf } from '#app/routes/account/responses.server.ts'
import { changePayoutMethod } from '#app/workflows/payout-method.server.ts'
import type { Route } from './+types/settings'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = {
  i18n: ['accounts', 'payouts', 'store-media', 'uploads', 'vendor', 'vendors', 'vendor-workspace'],
} satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The store's own settings, for its owner only. No store id travels in the form: the store is the one the
// signed-in vendor runs, so posting another store's id changes nothing (the field is never read).
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const ctx = serviceContextOf(context)
  const settings = await findStoreSettings(ctx, { ownerUserId: actor.userId })
  if (!settings) throw redirect('/vendor-dashboard')
  const payoutTarget = await findPayoutTarget(ctx, { ownerUserId: actor.userId })
  const method = payoutTarget?.payoutMethod
  return {
    payoutMethod: method ? { provider: method.provider, phone: method.phone } : null,
    payoutSaved: new URL(request.url).searchParams.get('payout') === 'saved',
    title: requestI18n(request)._('vendor.settings.meta'),
    settings,
    districts: listDistricts(),
    saved: new URL(request.url).searchParams.get('saved') === '1',
    hoursSaved: new URL(request.url).searchParams.get('hours') === 'saved',
    departmentsSaved: new URL(request.url).searchParams.get('departments') === 'saved',
    uploadLimits: { maxMb: getEnv().UPLOAD_MAX_MB, minSide: MIN_UPLOAD_SIDE },
  }
}

/** The forms of this page: the settings, and the logo and banner, each uploaded or removed on its own. */
const IntentSchema = z
  .enum([
    'settings',
    'payout',
    'logo',
    'banner',
    'remove-logo',
    'remove-banner',
    'hours',
    'departments',
    'close-store',
    'reopen-store',
  ])
  .catch('settings')

function echoLength(field: StoreSettingsField): number {
  const limit = storeSettingsLimits[field as keyof typeof storeSettingsLimits]
  if (!limit) return 200
  return 'count' in limit ? (limit.max + 2) * limit.count : limit.max
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'vendor')
  // Streamed within bounds: one picture of at most UPLOAD_MAX_MB. A refused body has lost which picture it was
  // for, so the refusal comes back as a toast on the page rather than next to one of the two fields.
  const read = await readBoundedForm(request, { maxFileBytes: uploadMaxBytes(), maxFiles: 1 })
  if (!read.ok) {
    const refusal = read.code === 'too_large' ? 'too_large' : 'missing'
    const values = { maxMb: String(getEnv().UPLOAD_MAX_MB) }
    return redirect('/vendor-dashboard/settings', {
      headers: { 'Set-Cookie': await flashCookie({ kind: 'error', title: `upload.error.${refusal}`, values }) },
    })
  }
  const form = read.form
  const intent = IntentSchema.parse(form.get('intent') ?? 'settings')
  if (intent === 'payout') {
    // Where payouts go: a change needs the current password (checked by the workflow) and is e-mailed.
    const result = await changePayoutMethod(accountsContextOf(context), await callerOf(request, context), actor, form)
    if (!result.ok && result.code === 'no-store') throw redirect('/vendor-dashboard')
    if (!result.ok) {
      const limited = result.errors.currentPassword === 'account.error.rateLimited'
      return data({ payout: { errors: result.errors, values: result.values } }, { status: limited ? 429 : 400 })
    }
    return redirect('/vendor-dashboard/settings?payout=saved')
  }
  if (intent === 'hours') {
    const parsed = parseOpeningHoursForm(form)
    if (!parsed.ok) {
      const values = Object.fromEntries(
        WEEKDAYS.flatMap((d) => [`open-${d}`, `opens-${d}`, `closes-${d}`]).map((f) => [f, echoField(form, f, 8)]),
      )
      return data({ hours: { errors: parsed.errors, values } }, { status: 400 })
    }
    const result = await setOpeningHours(serviceContextOf(context), { ownerUserId: actor.userId, hours: parsed.hours })
    if (!result.ok) throw redirect('/vendor-dashboard')
    return redirect('/vendor-dashboard/settings?hours=saved#hours-title')
  }
  if (intent === 'departments') {
    // The same choices and rule as at onboarding; a refusal keeps what was ticked (known values only).
    const ticked = form.getAll('categories').map(String).slice(0, 20)
    const parsed = StoreDepartmentsSchema.safeParse(ticked)
    if (!parsed.success) {
      const error = parsed.error.issues[0]?.message ?? 'account.error.categories'
      const values = ticked.filter((v) => StoreDepartmentsSchema.element.safeParse(v).success)
      return data({ departments: { error, values } }, { status: 400 })
    }
    const result = await setStoreDepartments(serviceContextOf(context), {
      ownerUserId: actor.userId,
      departments: parsed.data,
    })
    if (!result.ok) throw redirect('/vendor-dashboard')
    return redirect('/vendor-dashboard/settings?departments=saved#departments-title')
  }
  if (intent === 'close-store' || intent === 'reopen-store') {
    // Closing twice (a double click) or reopening an open store changes nothing more.
    const closed = intent === 'close-store'
    const result = await setStoreClosed(serviceContextOf(context), { ownerUserId: actor.userId, closed })
    if (!result.ok) throw redirect('/vendor-dashboard')
    const title = closed ? 'vendorSettings.closing.closedToast' : 'vendorSettings.closing.reopenedToast'
    return redirect('/vendor-dashboard/settings', {
      headers: { 'Set-Cookie': await flashCookie({ kind: 'success', title }) },
    })
  }
  if (intent !== 'settings') {
    const ctx = serviceContextOf(context)
    const picture = intent === 'logo' || intent === 'remove-logo' ? 'logo' : 'banner'
    const file = form.get('file')
    const result =
      intent === picture
        ? await setStorePicture(ctx, { ownerUserId: actor.userId, picture, file: file instanceof Blob ? file : null })
        : await removeStorePicture(ctx, { ownerUserId: actor.userId, picture })
    if (!result.ok && result.code === 'no-store') throw redirect('/vendor-dashboard')
    if (!result.ok) return data({ picture, pictureError: `upload.error.${result.code}` }, { status: 400 })
    const title = `storeMedia.${picture}.${intent === picture ? 'saved' : 'removed'}`
    return redirect('/vendor-dashboard/settings', {
      headers: { 'Set-Cookie': await flashCookie({ kind: 'success', title }) },
    })
  }
  // A refused form sends back only its known fields, each cut to its length (specialties: all, with commas).
  const values = Object.fromEntries(storeSettingsFields.map((f) => [f, echoField(form, f, echoLength(f))]))
  const parsed = parseForm(form, StoreSettingsSchema)
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400 })
  const result = await updateStoreSettings(serviceContextOf(context), { ...parsed.data, ownerUserId: actor.userId })
  if (!result.ok && result.code === 'invalid') return data({ errors: result.errors, values }, { status: 400 })
  if (!result.ok) throw redirect('/vendor-dashboard')
  return redirect('/vendor-dashboard/settings?saved=1')
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

type ControlProps = {
  id: string
  name: string
  defaultValue: string
  'aria-invalid': true | undefined
  'aria-describedby': string
}

export default function StoreSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const { settings, districts, saved, uploadLimits } = loaderData
  const refused = actionData && 'pictureError' in actionData ? actionData : null
  const payoutRefused = actionData && 'payout' in actionData ? actionData.payout : null
  const hoursRefused = actionData && 'hours' in actionData ? actionData.hours : null
  const departmentsRefused = actionData && 'departments' in actionData ? actionData.departments : null
  const form = actionData && 'errors' in actionData ? actionData : null
  const initial: Record<StoreSettingsField, string> = {
    name: settings.name,
    description: settings.description,
    about: settings.about,
    district: settings.district,
    specialties: settings.specialties.join('\n'),
    returns: settings.policies.returns,
    shipping: settings.policies.shipping,
    warranty: settings.policies.warranty,
    responseTime: settings.responseTime,
  }
  const errors: Record<string, string> = form?.errors ?? {}
  // A refused form: the first field to fix gets the focus (and is scrolled to), not the Save button.
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (form?.errors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [form])
  /** One field: its label, its control (given the control's props), a hint, and its message when refused. */
  const row = (name: StoreSettingsField, control: (props: ControlProps) => ReactNode) => {
    const id = `store-${name}`
    const error = errors[name]
    const props: ControlProps = {
      id,
      name,
      defaultValue: form?.values?.[name] ?? initial[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error ${id}-hint` : `${id}-hint`,
    }
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{t(`vendor.settings.field.${name}`)}</Label>
        {control(props)}
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t(`vendor.settings.hint.${name}`, storeSettingsLimits[name])}
        </p>
        <FieldError id={`${id}-error`}>{error ? t(messageId(error), storeSettingsLimits[name]) : null}</FieldError>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('vendor.settings.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t(`vendor.settings.intro.${settings.status}`)}</p>

      {saved && !actionData ? (
        <p role="status" className="mt-4 rounded-lg border border-success/40 bg-success/10 p-4 font-medium">
          {t('vendor.settings.saved')}{' '}
          {settings.status === 'approved' ? (
            <Link to={`/vendor/${settings.id}`} className="text-primary underline underline-offset-4">
              {t('vendor.status.viewStore')}
            </Link>
          ) : null}
        </p>
      ) : null}
      {form?.errors ? (
        <p role="alert" className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 p-4">
          {t('vendor.settings.refused')}
        </p>
      ) : null}

      <section
        aria-labelledby="store-media-title"
        className="mt-6 grid gap-6 rounded-lg border border-border bg-card p-4 sm:p-6"
      >
        <div>
          <h2 id="store-media-title" className="text-lg font-semibold">
            {t('storeMedia.section')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('storeMedia.intro')}</p>
        </div>
        {(['logo', 'banner'] as const).map((picture) => (
          <StorePictureForm
            key={`${picture}-${picture === 'logo' ? settings.avatarKey : settings.bannerKey}`}
            picture={picture}
            storeName={settings.name}
            currentKey={picture === 'logo' ? settings.avatarKey : settings.bannerKey}
            colours={settings.avatarColours}
            error={refused?.picture === picture ? refused.pictureError : undefined}
            limits={uploadLimits}
          />
        ))}
      </section>

      <PayoutMethodForm
        method={loaderData.payoutMethod}
        storeName={settings.name}
        refused={payoutRefused}
        saved={loaderData.payoutSaved && !actionData}
      />

      <OpeningHoursForm
        hours={settings.openingHours}
        refused={hoursRefused}
        saved={loaderData.hoursSaved && !actionData}
      />

      <DepartmentsForm
        chosen={settings.categories}
        refused={departmentsRefused}
        saved={loaderData.departmentsSaved && !actionData}
      />

      <Form method="post" ref={formRef} className="mt-6 grid gap-8" key={JSON.stringify(initial)}>
        <input type="hidden" name="intent" value="settings" />
        <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-6">
          <legend className="px-1 text-lg font-semibold">{t('vendor.settings.section.store')}</legend>
          {row('name', (f) => (
            <Input {...f} required autoComplete="organization" />
          ))}
          {row('description', (f) => (
            <Textarea {...f} required rows={2} size="sm" />
          ))}
          {row('about', (f) => (
            <Textarea {...f} required rows={6} />
          ))}
          {row('specialties', (f) => (
            <Textarea {...f} rows={4} />
          ))}
        </fieldset>

        <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-6">
          <legend className="px-1 text-lg font-semibold">{t('vendor.settings.section.place')}</legend>
          {row('district', (f) => (
            <select
              {...f}
              required
              className="h-10 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm"
            >
              <option value="">{t('vendor.settings.district.choose')}</option>
              {districts.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          ))}
          <p className="text-sm">{t('vendor.settings.city', { city: settings.city })}</p>
          {row('responseTime', (f) => (
            <select
              {...f}
              required
              className="h-10 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm"
            >
              {isResponseTime(f.defaultValue) ? null : (
                <option value="">{t('vendor.settings.responseTime.choose')}</option>
              )}
              {RESPONSE_TIMES.map((r) => (
                <option key={r} value={r}>
                  {t(`vendors.responseTime.${r}`)}
                </option>
              ))}
            </select>
          ))}
        </fieldset>

        <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-6">
          <legend className="px-1 text-lg font-semibold">{t('vendor.settings.section.policies')}</legend>
          {row('returns', (f) => (
            <Textarea {...f} required rows={3} size="md" />
          ))}
          {row('shipping', (f) => (
            <Textarea {...f} required rows={3} size="md" />
          ))}
          {row('warranty', (f) => (
            <Textarea {...f} required rows={3} size="md" />
          ))}
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? t('vendor.settings.saving') : t('vendor.settings.save')}
          </Button>
          <Link to="/vendor-dashboard" className="text-sm font-medium text-primary hover:underline">
            {t('vendor.settings.cancel')}
          </Link>
        </div>
      </Form>

      <section aria-labelledby="account-title" className="mt-6 rounded-lg border border-border bg-card p-4 sm:p-6">
        <h2 id="account-title" className="text-lg font-semibold">
          {t('vendorSettings.account.title')}
        </h2>
        <p className="mt-2">
          <Link to="/vendor-dashboard/settings/password" className="font-medium text-primary hover:underline">
            {t('vendorSettings.account.password')}
          </Link>
        </p>
        <p className="mt-2">
          <Link to="/vendor-dashboard/settings/contact" className="font-medium text-primary hover:underline">
            {t('vendorSettings.account.contact')}
          </Link>
        </p>
        <p className="mt-2">
          <Link to="/vendor-dashboard/settings/close-account" className="font-medium text-destructive hover:underline">
            {t('vendorSettings.closeAccount.link')}
          </Link>
        </p>
      </section>

      {settings.status === 'approved' ? <StoreClosingForm closed={settings.closedAt !== null} /> : null}
    </div>
  )
}
