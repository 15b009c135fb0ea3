import { Form, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ChoiceCard, FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { formatPhone } from '#app/lib/phone.ts'
import { useT } from '#app/lib/use-t.ts'

export type PayoutMethodView = { provider: 'momo' | 'airtel'; phone: string } | null

/**
 * The store's payout method on its settings page: the network and the number, in the store's name. Changing a
 * method that exists needs the current password (the workflow checks it); the first one does not.
 */
export function PayoutMethodForm({
  method,
  storeName,
  refused,
  saved,
}: {
  method: PayoutMethodView
  storeName: string
  refused: { errors: Record<string, string>; values: { provider: string; phone: string } } | null
  saved: boolean
}) {
  const t = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'payout'
  const errors = refused?.errors ?? {}
  const provider = refused?.values.provider ?? method?.provider ?? 'momo'
  const phone = refused?.values.phone ?? (method ? formatPhone(method.phone) : '')
  return (
    <section
      aria-labelledby="payout-method-title"
      className="mt-6 grid gap-4 rounded-lg border border-border bg-card p-4 sm:p-6"
    >
      <div>
        <h2 id="payout-method-title" className="text-lg font-semibold">
          {t('payouts.method.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('payouts.method.intro', { store: storeName })}</p>
        <p className="mt-2 text-sm" data-testid="payout-method-current">
          {method
            ? t('payouts.method.current', {
                network: t(`payouts.provider.${method.provider}`),
                phone: formatPhone(method.phone),
              })
            : t('payouts.method.none')}
        </p>
      </div>
      {saved ? (
        <p role="status" className="rounded-lg border border-success/40 bg-success/10 p-3 text-sm font-medium">
          {t('payouts.method.saved')}
        </p>
      ) : null}
      <Form method="post" className="grid gap-4" key={`${provider}-${phone}`}>
        <input type="hidden" name="intent" value="payout" />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('payouts.method.network')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(['momo', 'airtel'] as const).map((p) => (
              <ChoiceCard key={p} name="provider" value={p} defaultChecked={provider === p} align="center">
                <span className="font-medium">{t(`payouts.provider.${p}`)}</span>
                <span className="text-muted-foreground">{t(`payouts.method.prefix.${p}`)}</span>
              </ChoiceCard>
            ))}
          </div>
          <FieldError id="payout-provider-error">{errors.provider ? t(messageId(errors.provider)) : null}</FieldError>
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor="payout-phone">{t('payouts.method.phone')}</Label>
          <Input
            id="payout-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            defaultValue={phone}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? 'payout-phone-error payout-phone-hint' : 'payout-phone-hint'}
          />
          <p id="payout-phone-hint" className="text-xs text-muted-foreground">
            {t('payouts.method.phoneHint')}
          </p>
          <FieldError id="payout-phone-error">{errors.phone ? t(messageId(errors.phone)) : null}</FieldError>
        </div>
        {method ? (
          <div className="grid gap-1.5">
            <Label htmlFor="payout-password">{t('payouts.method.password')}</Label>
            <Input
              id="payout-password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.currentPassword ? true : undefined}
              aria-describedby={
                errors.currentPassword ? 'payout-password-error payout-password-hint' : 'payout-password-hint'
              }
            />
            <p id="payout-password-hint" className="text-xs text-muted-foreground">
              {t('payouts.method.passwordHint')}
            </p>
            <FieldError id="payout-password-error">
              {errors.currentPassword ? t(messageId(errors.currentPassword)) : null}
            </FieldError>
          </div>
        ) : null}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? t('vendor.settings.saving') : t('payouts.method.save')}
          </Button>
        </div>
      </Form>
    </section>
  )
}
