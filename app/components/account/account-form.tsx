import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input, Label, Textarea } from '#app/components/ui/input.tsx'
import { useT } from '#app/lib/use-t.ts'

export type AccountField = {
  name: string
  type?: 'text' | 'email' | 'password' | 'tel' | 'textarea'
  autoComplete?: string
  placeholder?: string
}

export type AccountActionData = {
  notice?: string
  errors?: Record<string, string>
  values?: Record<string, string>
}

/**
 * The sign-in and registration forms (prototype section 2). The form keeps what was typed (never passwords)
 * and shows each refusal next to its field.
 */
export function AccountForm({
  title,
  intro,
  fields,
  submit,
  busy: busyLabel,
  actionData,
  links,
}: {
  title: string
  intro: string
  fields: AccountField[]
  submit: string
  busy: string
  actionData?: AccountActionData
  links: { prompt: string; label: string; to: string }[]
}) {
  const t = useT()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const errors = actionData?.errors ?? {}
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
        {actionData?.notice ? (
          <p role="status" className="mt-4 rounded-md border border-accent bg-accent/20 p-3 text-sm">
            {actionData.notice}
          </p>
        ) : null}
        <Form method="post" className="mt-6 grid gap-4">
          <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
          {fields.map((field) => {
            const id = `account-${field.name}`
            const error = errors[field.name]
            const props = {
              id,
              name: field.name,
              required: true,
              placeholder: field.placeholder,
              autoComplete: field.autoComplete,
              defaultValue: field.type === 'password' ? undefined : (actionData?.values?.[field.name] ?? ''),
              'aria-invalid': error ? true : undefined,
              'aria-describedby': error ? `${id}-error` : undefined,
            }
            return (
              <div key={field.name} className="grid gap-1.5">
                <Label htmlFor={id}>{t(`account.field.${field.name}`)}</Label>
                {field.type === 'textarea' ? (
                  <Textarea {...props} rows={3} />
                ) : (
                  <Input
                    {...props}
                    type={field.type ?? 'text'}
                    minLength={field.type === 'password' ? 8 : undefined}
                    maxLength={field.type === 'password' ? 128 : undefined}
                  />
                )}
                <FieldError id={`${id}-error`}>{error}</FieldError>
              </div>
            )
          })}
          <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
            {busy ? busyLabel : submit}
          </Button>
        </Form>
        <ul className="mt-6 space-y-2 text-center text-sm text-muted-foreground">
          {links.map((link) => (
            <li key={link.to}>
              {link.prompt}{' '}
              <Link to={link.to} className="font-medium text-primary hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
