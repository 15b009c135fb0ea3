import { parseWithZod } from '@conform-to/zod/v4'
import { configureCoercion, formatResult } from '@conform-to/zod/v4/future'
import type { z } from 'zod'
import { getMessages } from './i18n.server.ts'

// Forms are parsed by Conform (docs/decisions/0008-forms-parsed-by-conform.md): one way from a post (or a zod
// result) to the messages the page shows, each keyed by the field's name in Conform's naming (`email`,
// `variants[1].sku`), 'form' for the whole form. Messages are catalogue ids; the page translates them.
// Server-only, so neither Conform's zod adapter nor zod's parser reaches the browser through a schema file.

/** The first message of each field, by the field's Conform name ('form' for the whole form). */
export type FieldErrors = Record<string, string>

// Our schemas say what an empty field means themselves ('required', or null for an optional one), so empty
// strings reach them as typed instead of as undefined; Conform still shapes the post (nested names, repeated
// names as arrays, empty files left out).
const { coerceFormValue } = configureCoercion({ stripEmptyString: (value) => value })

/**
 * Conform's error map (messages by name, '' for the form) as the first message of each field. A message that is
 * no catalogue id (zod's own, for a field a hand-made post left out or sent as a list) reads as
 * `form.error.invalid`: a page only ever shows messages of the catalogue, in the reader's language.
 */
export function firstErrors(error: Record<string, string[] | null> | null | undefined): FieldErrors {
  const known = getMessages('en')
  const out: FieldErrors = {}
  for (const [name, messages] of Object.entries(error ?? {})) {
    const first = messages?.[0]
    if (first) out[name === '' ? 'form' : name] = first in known ? first : 'form.error.invalid'
  }
  return out
}

const CONFORM_INTENT = '__intent__'
const CONFORM_STATE = '__state__'

/**
 * The post without Conform's own control fields. Our forms validate on the server only and never send them; a
 * hand-made post that did (`__intent__=x`) would make Conform throw (a 500) or rewrite the values (an intent).
 */
function withoutConformControls(form: FormData | URLSearchParams): FormData | URLSearchParams {
  if (!form.has(CONFORM_INTENT) && !form.has(CONFORM_STATE)) return form
  const copy = new FormData()
  for (const [name, value] of form) if (name !== CONFORM_INTENT && name !== CONFORM_STATE) copy.append(name, value)
  return copy
}
export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors }

/** A posted form parsed by Conform against a zod schema: the schema's output, or the messages by field. */
export function parseForm<S extends z.ZodType>(form: FormData | URLSearchParams, schema: S): Parsed<z.output<S>> {
  const submission = parseWithZod(withoutConformControls(form), {
    schema: coerceFormValue(schema),
    disableAutoCoercion: true,
  })
  if (submission.status === 'success') return { ok: true, data: submission.value as z.output<S> }
  return { ok: false, errors: firstErrors(submission.error) }
}

/**
 * Values already read from a form (a service's input) checked against a zod schema, the messages named as
 * Conform names them: what services use so their refusals read like a parsed form's.
 */
export function checkValues<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, data: result.data }
  const error = formatResult(result)
  return { ok: false, errors: firstErrors({ ...error?.fieldErrors, '': error?.formErrors ?? null }) }
}

/** A page's query string read with its schema (the schema's defaults and catches decide what a bad value becomes). */
export function parseSearchParams<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams))
}
