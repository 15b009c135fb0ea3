import { useEffect, useState } from 'react'
import { data, Form, Link, useFetcher, useLocation, useNavigation } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { FormAlert, selectClass, TextField } from '#app/components/account/fields.tsx'
import { useHydrated } from '#app/components/catalog/use-hydrated.ts'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { FieldError, Label } from '#app/components/ui/input.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { provinceName } from '#app/lib/places.ts'
import { useT } from '#app/lib/use-t.ts'
import { createAddress, findAddress, placeChoices, updateAddress } from '#app/modules/customers/addresses.server.ts'
import { addressFields } from '#app/modules/customers/customers.schemas.ts'
import { typedValues } from '#app/workflows/accounts.server.ts'
import type { Route } from './+types/customer-address'
import { addressIdOf, notFound, redirectWithToast, requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// One page adds (/customer-dashboard/addresses/new) or edits (/customer-dashboard/addresses/:addressId) an
// address of the signed-in customer's own; another customer's address id is a 404, read or written.
//
// The place is picked province → district → sector → cell. Without JavaScript, 'Show districts' (and the next
// ones) reload this page by GET with what was typed, and the loader gives the next list; with JavaScript the
// lists follow each choice through the same loader, without a reload.

type Values = Record<string, string>

const levels = ['province', 'district', 'sector', 'cell'] as const
type Level = (typeof levels)[number]
type Options = ReturnType<typeof placeChoices>['options']

/** What the page shows: the typed values with the place cleaned, and the lists for it. */
function formState(values: Values): { values: Values; options: Options } {
  const { place, options } = placeChoices(values)
  return { values: { ...values, ...place }, options }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const stored = params.addressId ? await findAddress(ctx, customer.id, addressIdOf(params.addressId)) : null
  if (params.addressId && !stored) notFound()
  const query = new URL(request.url).searchParams
  let values: Values
  if (query.has('cascade')) {
    // A reload of the form without JavaScript (or a list asked for by the running page): what was typed.
    values = {}
    for (const name of [...addressFields, 'isDefault'] as const) {
      const value = query.get(name)
      if (value !== null) values[name] = value.slice(0, 200)
    }
  } else if (stored) {
    values = {
      label: stored.label,
      recipient: stored.recipient,
      phone: formatPhone(stored.phone),
      province: stored.province,
      district: stored.district,
      sector: stored.sector,
      cell: stored.cell,
      landmark: stored.landmark,
      isDefault: stored.isDefault ? 'on' : '',
    }
  } else {
    // A new address starts with the customer's own name and phone, which they can change.
    values = {
      recipient: `${customer.firstName} ${customer.lastName}`.trim(),
      phone: customer.phone ? formatPhone(customer.phone) : '',
    }
  }
  const i18n = requestI18n(request)
  return {
    title: i18n._(stored ? 'customer.address.editTitle' : 'customer.address.newTitle'),
    editing: stored ? { id: stored.id, isDefault: stored.isDefault } : null,
    ...formState(values),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const form = await request.formData()
  const input = Object.fromEntries(form)
  const outcome = params.addressId
    ? await updateAddress(ctx, customer.id, addressIdOf(params.addressId), input)
    : await createAddress(ctx, customer.id, input)
  if (!outcome.ok) {
    if (outcome.code === 'not_found') notFound()
    return data({ errors: outcome.errors as Record<string, string>, ...formState(typedValues(form)) }, { status: 400 })
  }
  // Added from the checkout: back there, delivering to the new address.
  const fromCheckout = new URL(request.url).searchParams.get('from') === 'checkout'
  const to = fromCheckout ? `/checkout?address=${outcome.id}` : '/customer-dashboard/addresses'
  return redirectWithToast(to, { kind: 'success', title: 'customer.address.saved' })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerAddressPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const state = actionData ?? loaderData
  const errors: Record<string, string> = actionData?.errors ?? {}
  const { editing } = loaderData
  // A new answer from the server (a reload, a refusal) starts the form again from its values.
  const key = JSON.stringify(state.values)
  return (
    <CustomerPage title={loaderData.title} intro={t('customer.address.intro')}>
      <Form key={key} method="post" className="grid max-w-2xl gap-4" noValidate>
        <FormAlert message={errors.form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="address-label"
            name="label"
            label={t('customer.field.label')}
            placeholder={t('customer.field.label.placeholder')}
            defaultValue={state.values.label ?? ''}
            error={errors.label}
            required
            maxLength={40}
          />
          <TextField
            id="address-recipient"
            name="recipient"
            label={t('customer.field.recipient')}
            autoComplete="name"
            defaultValue={state.values.recipient ?? ''}
            error={errors.recipient}
            required
            maxLength={80}
          />
        </div>
        <TextField
          id="address-phone"
          name="phone"
          type="tel"
          label={t('customer.field.phone')}
          autoComplete="tel"
          placeholder="078 123 4567"
          defaultValue={state.values.phone ?? ''}
          error={errors.phone}
          hint={t('customer.address.phoneHint')}
          required
        />
        <PlacePicker values={state.values} options={state.options} errors={errors} />
        <TextField
          id="address-landmark"
          name="landmark"
          label={t('customer.field.landmark')}
          placeholder={t('customer.field.landmark.placeholder')}
          defaultValue={state.values.landmark ?? ''}
          error={errors.landmark}
          hint={t('customer.address.landmarkHint')}
          required
          maxLength={200}
        />
        {editing?.isDefault ? (
          <p className="text-sm text-muted-foreground">{t('customer.address.isDefault')}</p>
        ) : (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="isDefault"
              defaultChecked={state.values.isDefault === 'on'}
              className="size-4 accent-primary"
            />
            {t('customer.field.isDefault')}
          </label>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? t('customer.saving') : t('customer.address.save')}
          </Button>
          <Link to="/customer-dashboard/addresses" className={buttonVariants({ variant: 'ghost' })}>
            {t('customer.cancel')}
          </Link>
        </div>
      </Form>
    </CustomerPage>
  )
}

/**
 * Province → district → sector → cell. Each choice clears the levels below it. Before JavaScript runs, a button
 * under each list reloads the form by GET with the next list; once it runs, the next list comes from the same
 * loader through a fetcher, and the buttons are not shown.
 */
function PlacePicker({ values, options, errors }: { values: Values; options: Options; errors: Values }) {
  const t = useT()
  const hydrated = useHydrated()
  const { pathname } = useLocation()
  const fetcher = useFetcher<typeof loader>()
  const [place, setPlace] = useState<Record<Level, string>>({
    province: values.province ?? '',
    district: values.district ?? '',
    sector: values.sector ?? '',
    cell: values.cell ?? '',
  })
  const [lists, setLists] = useState(options)
  useEffect(() => {
    if (fetcher.data) setLists(fetcher.data.options)
  }, [fetcher.data])
  const listOf: Record<Level, string[]> = {
    province: lists.provinces,
    district: lists.districts,
    sector: lists.sectors,
    cell: lists.cells,
  }
  const loading = fetcher.state === 'loading'

  function choose(level: Level, value: string) {
    const index = levels.indexOf(level)
    const next = { ...place, [level]: value }
    for (const below of levels.slice(index + 1)) next[below] = ''
    setPlace(next)
    if (level === 'cell') return
    // The lists below the changed one are empty until the next list arrives.
    setLists((current) => ({
      ...current,
      ...(index < 1 ? { districts: [] } : {}),
      ...(index < 2 ? { sectors: [] } : {}),
      cells: [],
    }))
    if (!value) return
    const query = new URLSearchParams({ cascade: level, ...next })
    fetcher.load(`${pathname}?${query}`)
  }

  return (
    <fieldset className="grid gap-4 rounded-lg border border-border p-4" aria-busy={loading || undefined}>
      <legend className="px-1 text-sm font-medium">{t('customer.address.place')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {levels.map((level, index) => {
          const id = `address-${level}`
          const list = listOf[level]
          const error = errors[level]
          const above = index > 0 ? levels[index - 1] : null
          return (
            <div key={level} className="grid gap-1.5">
              <Label htmlFor={id}>{t(`customer.field.${level}`)}</Label>
              <select
                id={id}
                name={level}
                value={place[level]}
                onChange={(event) => choose(level, event.target.value)}
                disabled={list.length === 0}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className={selectClass}
              >
                <option value="">
                  {list.length === 0 && above
                    ? t(messageId(`customer.address.choose.${above}First`))
                    : t(`customer.address.choose.${level}`)}
                </option>
                {list.map((name) => (
                  <option key={name} value={name}>
                    {level === 'province' ? provinceName(t, name) : name}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-error`}>{error ? t(messageId(error)) : null}</FieldError>
              {!hydrated && level !== 'cell' ? (
                <Button
                  type="submit"
                  name="cascade"
                  value={level}
                  formMethod="get"
                  formNoValidate
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                >
                  {t(messageId(`customer.address.show.${levels[index + 1]}`))}
                </Button>
              ) : null}
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}
