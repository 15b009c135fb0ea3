import { Form, Link, useNavigation } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { MapPin, Plus } from '#app/components/ui/icons.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { placeLine } from '#app/lib/places.ts'
import { useT } from '#app/lib/use-t.ts'
import { deleteAddress, listAddresses, setDefaultAddress } from '#app/modules/customers/addresses.server.ts'
import type { Route } from './+types/customer-addresses'
import { addressIdOf, notFound, redirectWithToast, requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  return {
    title: requestI18n(request)._('customer.addresses.meta'),
    addresses: await listAddresses(ctx, customer.id),
  }
}

/** Delete or make default ('intent'), always of one of the signed-in customer's own addresses: else 404. */
export async function action({ request, context }: Route.ActionArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const form = await request.formData()
  const id = addressIdOf(form.get('addressId'))
  const intent = form.get('intent')
  if (intent !== 'delete' && intent !== 'default') notFound()
  const outcome =
    intent === 'delete' ? await deleteAddress(ctx, customer.id, id) : await setDefaultAddress(ctx, customer.id, id)
  if (!outcome.ok) notFound()
  return redirectWithToast('/customer-dashboard/addresses', {
    kind: 'success',
    title: intent === 'delete' ? 'customer.address.deleted' : 'customer.address.defaultChosen',
  })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerAddressesPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const { addresses } = loaderData
  return (
    <CustomerPage title={t('customer.addresses.title')} intro={t('customer.addresses.intro')}>
      <Link to="/customer-dashboard/addresses/new" className={buttonVariants()}>
        <Plus />
        {t('customer.addresses.add')}
      </Link>
      {addresses.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-border bg-card p-6 text-center">
          <MapPin className="mx-auto size-8 text-muted-foreground" />
          <p className="mt-2 font-medium">{t('customer.addresses.empty')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('customer.addresses.emptyBody')}</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {addresses.map((address) => (
            <li
              key={address.id}
              aria-labelledby={`address-${address.id}`}
              className="flex flex-col rounded-xl border border-border bg-card p-4"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h2 id={`address-${address.id}`} className="text-lg font-semibold">
                  {address.label}
                </h2>
                {address.isDefault ? (
                  <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">
                    {t('customer.address.default')}
                  </span>
                ) : null}
              </div>
              <address className="mt-2 text-sm not-italic">
                <span className="block font-medium">{address.recipient}</span>
                <span className="block">{formatPhone(address.phone)}</span>
                <span className="block">{placeLine(t, address)}</span>
                <span className="block text-muted-foreground">{address.landmark}</span>
              </address>
              <div className="mt-4 flex flex-wrap gap-2">
                <Link
                  to={`/customer-dashboard/addresses/${address.id}`}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  aria-label={t('customer.address.editNamed', { label: address.label })}
                >
                  {t('customer.address.edit')}
                </Link>
                {address.isDefault ? null : (
                  <Form method="post">
                    <input type="hidden" name="addressId" value={address.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="default"
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      aria-label={t('customer.address.makeDefaultNamed', { label: address.label })}
                    >
                      {t('customer.address.makeDefault')}
                    </Button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="addressId" value={address.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="delete"
                    variant="ghost"
                    size="sm"
                    className="text-destructive"
                    disabled={busy}
                    aria-label={t('customer.address.deleteNamed', { label: address.label })}
                  >
                    {t('customer.address.delete')}
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </CustomerPage>
  )
}
