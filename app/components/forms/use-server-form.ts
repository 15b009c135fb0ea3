import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react'
import { useMemo } from 'react'

/** What an action answers a refused form with: messages by Conform name ('form' for the whole form), what was typed. */
export type FormAnswer = { errors?: Record<string, string>; values?: object }

/**
 * The server's answer to a form as Conform's last result: each field's metadata (`fields.email.errors`, `id`,
 * `errorId`, nested rows as `variants[1].sku`) reads the messages the action sent. Validation stays on the server,
 * so the form is a plain post and works the same without JavaScript; no schema goes to the browser.
 * `defaultValue` is what the form shows before any answer (a list's rows come from it or from the answer's values).
 */
export function useServerForm<Schema extends Record<string, unknown>>(
  id: string,
  answer: FormAnswer | undefined,
  defaultValue?: DefaultValue<Schema>,
) {
  const errors = answer?.errors
  const values = answer?.values
  const lastResult = useMemo<SubmissionResult | undefined>(() => {
    if (!errors && !values) return undefined
    const error = Object.fromEntries(
      Object.entries(errors ?? {}).map(([name, message]) => [name === 'form' ? '' : name, [message]]),
    )
    return {
      status: Object.keys(error).length ? 'error' : undefined,
      initialValue: values as SubmissionResult['initialValue'],
      error,
    }
  }, [errors, values])
  return useForm<Schema>({ id, lastResult, defaultValue, shouldValidate: 'onSubmit' })
}
