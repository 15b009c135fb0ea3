import { useEffect, useState } from 'react'
import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import { useServerForm } from '#app/components/forms/use-server-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input, Label, Textarea } from '#app/components/ui/input.tsx'
import { toast } from '#app/components/ui/toaster.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'

export type AccountField = {
  name: string
  /** The label, when not the field's usual one (`account.field.<name>`). */
  label?: string
  type?: 'text' | 'email' | 'password' | 'tel' | 'textarea' | 'select' | 'checkboxes'
  autoComplete?: string
  placeholder?: string
  /** For 'select' and 'checkboxes': the values and their labels. */
  options?: { value: string; label: string }[]
  /** For 'select': the label of the empty first option. */
  prompt?: string
  /** May be left empty (the label says so); every other field is required. */
  optional?: boolean
  /** A line under the field saying what to enter. */
  hint?: string
  /** The phone keyboard to show ('numeric' for a code sent by SMS). */
  inputMode?: 'numeric' | 'tel' | 'email' | 'text'
  maxLength?: number
}

/** What the account actions answer on a refusal: message ids by field's Conform name ('form' for the whole form). */
export type AccountActionData = {
  errors?: Record<string, string>
  values?: Record<string, string>
  /** Values the form-wide message names, such as the minutes to wait. */
  messageValues?: Record<string, number>
}

/**
 * The sign-in and registration forms (prototype section 2). Each refusal shows next to its field, and as the
 * prototype's destructive toast ('Login failed', 'Registration failed') when JavaScript runs; what was typed is
 * kept (never passwords). Without JavaScript it is a plain form post.
 */
export function AccountForm({
  title,
  intro,
  fields,
  submit,
  busy: busyLabel,
  failureTitle,
  actionData,
  links,
  footer,
  notice,
  hidden,
}: {
  title: string
  intro: string
  fields: AccountField[]
  submit: string
  busy: string
  /** The toast's title when the form is refused. */
  failureTitle: string
  actionData?: AccountActionData
  links: { prompt: string; label: string; to: string }[]
  footer?: React.ReactNode
  /** A message above the form, such as a request's acknowledgement. */
  notice?: React.ReactNode
  /** Fields posted as they are (a step's `intent`). */
  hidden?: Record<string, string>
}) {
  const t = useT()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  // A mismatched confirmation is caught before anything is sent (prototype section 5); the server checks again.
  const [mismatch, setMismatch] = useState(false)
  // The action's messages, read through Conform's field metadata (ids `account-<name>`, `account-<name>-error`).
  const [form, fieldsMeta] = useServerForm('account', actionData)
  const errorOf = (name: string): string | undefined =>
    mismatch ? (name === 'confirmPassword' ? 'account.mismatch' : undefined) : fieldsMeta[name]?.errors?.[0]
  const formError = mismatch ? undefined : form.errors?.[0]
  useEffect(() => {
    setMismatch(false)
    const first = Object.values(actionData?.errors ?? {})[0]
    if (!first) return
    if (first === 'account.mismatch') toast.error(t('account.mismatch.title'), t('account.mismatch.body'))
    else toast.error(failureTitle, t(messageId(first), actionData?.messageValues))
  }, [actionData, failureTitle, t])
  const value = (name: string) => actionData?.values?.[name] ?? ''
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
        {notice ? (
          <p role="status" className="mt-4 rounded-md border border-primary/30 bg-primary/10 p-3 text-sm">
            {notice}
          </p>
        ) : null}
        {formError ? (
          <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {t(messageId(formError), actionData?.messageValues)}
          </p>
        ) : null}
        <Form
          method="post"
          id={form.id}
          className="mt-6 grid gap-4"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget)
            if (form.has('confirmPassword') && form.get('password') !== form.get('confirmPassword')) {
              event.preventDefault()
              setMismatch(true)
              toast.error(t('account.mismatch.title'), t('account.mismatch.body'))
            }
          }}
        >
          <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
          {Object.entries(hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {fields.map((field) => {
            const meta = fieldsMeta[field.name]
            const id = meta?.id ?? `account-${field.name}`
            const errorId = meta?.errorId ?? `${id}-error`
            const error = errorOf(field.name)
            const hintId = `${id}-hint`
            const described =
              [field.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
            const label = field.label ?? t(messageId(`account.field.${field.name}`))
            const common = {
              id,
              name: field.name,
              required: !field.optional,
              'aria-invalid': error ? true : undefined,
              'aria-describedby': described,
            }
            if (field.type === 'checkboxes') {
              const chosen = new Set(value(field.name).split(','))
              return (
                <fieldset key={field.name} className="grid gap-2" aria-describedby={described}>
                  <legend className="mb-1 text-sm font-medium">
                    {field.label ?? t(messageId(`account.field.${field.name}`))}
                  </legend>
                  <div className="grid grid-cols-2 gap-2">
                    {field.options?.map((o) => (
                      <label key={o.value} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          name={field.name}
                          value={o.value}
                          defaultChecked={chosen.has(o.value)}
                          className="size-4 accent-primary"
                        />
                        {o.label}
                      </label>
                    ))}
                  </div>
                  <FieldError id={errorId}>{error ? t(messageId(error)) : null}</FieldError>
                </fieldset>
              )
            }
            return (
              <div key={field.name} className="grid gap-1.5">
                <Label htmlFor={id}>{field.optional ? t('account.field.optional', { label }) : label}</Label>
                {field.type === 'textarea' ? (
                  <Textarea {...common} rows={3} defaultValue={value(field.name)} />
                ) : field.type === 'select' ? (
                  <select
                    {...common}
                    defaultValue={value(field.name)}
                    className="h-10 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm"
                  >
                    <option value="">{field.prompt}</option>
                    {field.options?.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Input
                    {...common}
                    type={field.type ?? 'text'}
                    placeholder={field.placeholder}
                    autoComplete={field.autoComplete}
                    defaultValue={field.type === 'password' ? undefined : value(field.name)}
                    inputMode={field.inputMode}
                    minLength={field.type === 'password' && field.autoComplete === 'new-password' ? 8 : undefined}
                    maxLength={field.type === 'password' ? 128 : field.maxLength}
                  />
                )}
                {field.hint ? (
                  <p id={hintId} className="text-xs text-muted-foreground">
                    {field.hint}
                  </p>
                ) : null}
                <FieldError id={errorId}>{error ? t(messageId(error)) : null}</FieldError>
              </div>
            )
          })}
          <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
            {busy ? busyLabel : submit}
          </Button>
        </Form>
        {footer}
        <ul className="mt-6 space-y-2 text-center text-sm text-muted-foreground">
          {links.map((link) => (
            <li key={link.to}>
              {link.prompt}{' '}
              <Link
                to={withRedirect(link.to, params.get('redirectTo'))}
                className="font-medium text-primary hover:underline"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/**
 * A link between the sign-in and sign-up pages keeps the page the visitor is on its way to (`redirectTo`): from
 * the checkout's sign-in to a phone sign-up, and back to the checkout after it.
 */
function withRedirect(to: string, redirectTo: string | null): string {
  if (!redirectTo || !/^\/(customer-login|customer-signup|vendor-login|phone-sign-in)/.test(to)) return to
  return `${to}${to.includes('?') ? '&' : '?'}redirectTo=${encodeURIComponent(redirectTo)}`
}
