import { Form, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input } from '#app/components/ui/input.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import { type OpeningHours, timeOfDay, WEEKDAYS, type Weekday } from '#app/modules/vendors/opening-hours.ts'

export type OpeningHoursRefusal = {
  errors: Partial<Record<Weekday, string>>
  /** What was typed, per field name (`open-mon`, `opens-mon`, `closes-mon`…). */
  values: Record<string, string>
}

/**
 * The store's opening hours, one row per weekday: open or not, and from when to when (Kigali time). Plain fields
 * posted with the page's form: it works before and without JavaScript.
 */
export function OpeningHoursForm({
  hours,
  refused,
  saved,
}: {
  hours: OpeningHours | null
  refused: OpeningHoursRefusal | null
  saved: boolean
}) {
  const t = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'hours'
  const value = (name: string, initial: string) => (refused ? (refused.values[name] ?? '') : initial)
  return (
    <section aria-labelledby="hours-title" className="mt-6 rounded-lg border border-border bg-card p-4 sm:p-6">
      <h2 id="hours-title" className="text-lg font-semibold">
        {t('vendorSettings.hours.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('vendorSettings.hours.intro')}</p>
      {saved ? (
        <p role="status" className="mt-3 rounded-md border border-success/40 bg-success/10 p-3 text-sm font-medium">
          {t('vendorSettings.hours.saved')}
        </p>
      ) : null}
      {refused ? (
        <p role="alert" className="mt-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {t('vendorSettings.hours.refused')}
        </p>
      ) : null}
      <Form method="post" className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value="hours" />
        {WEEKDAYS.map((day, i) => {
          const h = hours?.[i] ?? null
          const error = refused?.errors[day]
          const open = refused ? refused.values[`open-${day}`] === 'on' : h !== null
          return (
            <fieldset
              key={day}
              className="grid gap-2 border-b border-border pb-3 last:border-0 sm:grid-cols-[10rem_1fr]"
            >
              <legend className="sr-only">{t(`vendors.hours.day.${day}`)}</legend>
              <label className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  name={`open-${day}`}
                  defaultChecked={open}
                  className="size-4 accent-primary"
                  aria-describedby={error ? `hours-${day}-error` : undefined}
                />
                {t(`vendors.hours.day.${day}`)}
              </label>
              <div className="flex flex-wrap items-center gap-1 text-sm">
                <label htmlFor={`opens-${day}`} className="sr-only">
                  {t('vendorSettings.hours.opens', { day: t(`vendors.hours.day.${day}`) })}
                </label>
                <div className="w-[8.5rem]">
                  <Input
                    id={`opens-${day}`}
                    name={`opens-${day}`}
                    type="time"
                    compact
                    defaultValue={value(`opens-${day}`, h ? timeOfDay(h.open) : '08:00')}
                    aria-invalid={error ? true : undefined}
                  />
                </div>
                <span aria-hidden="true">–</span>
                <label htmlFor={`closes-${day}`} className="sr-only">
                  {t('vendorSettings.hours.closes', { day: t(`vendors.hours.day.${day}`) })}
                </label>
                <div className="w-[8.5rem]">
                  <Input
                    id={`closes-${day}`}
                    name={`closes-${day}`}
                    type="time"
                    compact
                    defaultValue={value(`closes-${day}`, h ? timeOfDay(h.close) : '18:00')}
                    aria-invalid={error ? true : undefined}
                  />
                </div>
              </div>
              <div className="sm:col-start-2">
                <FieldError id={`hours-${day}-error`}>{error ? t(messageId(error)) : null}</FieldError>
              </div>
            </fieldset>
          )
        })}
        <p className="text-xs text-muted-foreground">{t('vendorSettings.hours.hint')}</p>
        <div>
          <Button type="submit" disabled={busy}>
            {t('vendorSettings.hours.save')}
          </Button>
        </div>
      </Form>
    </section>
  )
}

/** Close the store for a while (nothing listed, its page says so), or reopen it. */
export function StoreClosingForm({ closed }: { closed: boolean }) {
  const t = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent')?.toString().endsWith('-store')
  return (
    <section aria-labelledby="closing-title" className="mt-6 rounded-lg border border-border bg-card p-4 sm:p-6">
      <h2 id="closing-title" className="text-lg font-semibold">
        {t('vendorSettings.closing.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {closed ? t('vendorSettings.closing.closedBody') : t('vendorSettings.closing.openBody')}
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value={closed ? 'reopen-store' : 'close-store'} />
        <Button type="submit" variant={closed ? 'default' : 'outline'} disabled={busy}>
          {closed ? t('vendorSettings.closing.reopen') : t('vendorSettings.closing.close')}
        </Button>
      </Form>
    </section>
  )
}
