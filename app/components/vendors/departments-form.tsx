import { Form, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError } from '#app/components/ui/input.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import { storeDepartments } from '#app/modules/accounts/accounts.schemas.ts'

export type DepartmentsRefusal = { error: string; values: string[] }

/**
 * The departments the store is listed in: the same choices as at onboarding, at least one. A plain form posted
 * with the page: it works before and without JavaScript; a refused post keeps what was ticked.
 */
export function DepartmentsForm({
  chosen,
  refused,
  saved,
}: {
  chosen: string[]
  refused: DepartmentsRefusal | null
  saved: boolean
}) {
  const t = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'departments'
  const ticked = new Set(refused ? refused.values : chosen)
  return (
    <section aria-labelledby="departments-title" className="mt-6 rounded-lg border border-border bg-card p-4 sm:p-6">
      <h2 id="departments-title" className="text-lg font-semibold">
        {t('vendorSettings.departments.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('vendorSettings.departments.intro')}</p>
      {saved ? (
        <p role="status" className="mt-3 rounded-md border border-success/40 bg-success/10 p-3 text-sm font-medium">
          {t('vendorSettings.departments.saved')}
        </p>
      ) : null}
      <Form method="post" className="mt-4 grid gap-3" key={[...ticked].join(',')}>
        <input type="hidden" name="intent" value="departments" />
        <fieldset
          className="grid gap-2"
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? 'departments-error' : undefined}
        >
          <legend className="sr-only">{t('vendorSettings.departments.title')}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {storeDepartments.map((d) => (
              <label key={d} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="categories"
                  value={d}
                  defaultChecked={ticked.has(d)}
                  className="size-4 accent-primary"
                />
                {t(`account.department.${d}`)}
              </label>
            ))}
          </div>
          <FieldError id="departments-error">{refused ? t(messageId(refused.error)) : null}</FieldError>
        </fieldset>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? t('vendor.settings.saving') : t('vendorSettings.departments.save')}
          </Button>
        </div>
      </Form>
    </section>
  )
}
