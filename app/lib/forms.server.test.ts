import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { checkValues, firstErrors, parseForm } from './forms.server.ts'

const RowsSchema = z
  .object({
    name: z.string().trim().min(1, 'account.error.required'),
    tags: z.array(z.string()).min(1, 'account.error.categories'),
    rows: z.array(z.object({ sku: z.string().min(2, 'productEditor.error.short') })),
  })
  .refine((v) => v.name !== 'nobody', 'checkout.error.review')

function post(entries: [string, string][]): FormData {
  const form = new FormData()
  for (const [name, value] of entries) form.append(name, value)
  return form
}

describe('forms parsed by Conform', () => {
  it('reads nested rows and repeated names from the post', () => {
    const parsed = parseForm(
      post([
        ['name', ' Aline '],
        ['tags', 'a'],
        ['rows[1].sku', 'BB'],
        ['rows[0].sku', 'AA'],
      ]),
      RowsSchema,
    )
    expect(parsed).toEqual({ ok: true, data: { name: 'Aline', tags: ['a'], rows: [{ sku: 'AA' }, { sku: 'BB' }] } })
  })

  it("names each refusal as Conform names the field, keeps the schema's own message for an empty field", () => {
    const parsed = parseForm(
      post([
        ['name', ''],
        ['rows[0].sku', 'AA'],
        ['rows[1].sku', 'B'],
      ]),
      RowsSchema,
    )
    expect(parsed).toEqual({
      ok: false,
      errors: {
        name: 'account.error.required',
        tags: 'account.error.categories',
        'rows[1].sku': 'productEditor.error.short',
      },
    })
  })

  it("puts a whole form's refusal under 'form', and reads values already read the same way", () => {
    expect(
      parseForm(
        post([
          ['name', 'nobody'],
          ['tags', 'a'],
        ]),
        RowsSchema,
      ),
    ).toEqual({
      ok: false,
      errors: { form: 'checkout.error.review' },
    })
    expect(checkValues(RowsSchema, { name: 'x', tags: [], rows: [{ sku: 'A' }] })).toEqual({
      ok: false,
      errors: { tags: 'account.error.categories', 'rows[0].sku': 'productEditor.error.short' },
    })
  })

  it('keeps the first message of each field', () => {
    expect(
      firstErrors({
        '': ['checkout.error.review', 'account.error.failed'],
        email: ['account.error.email', 'account.error.required'],
        skipped: null,
      }),
    ).toEqual({ form: 'checkout.error.review', email: 'account.error.email' })
  })

  it("reads zod's own message (a field a hand-made post left out) as the catalogue's 'check this field'", () => {
    expect(parseForm(post([['tags', 'a']]), RowsSchema)).toEqual({ ok: false, errors: { name: 'form.error.invalid' } })
  })
})

describe("Conform's control fields in a hand-made post", () => {
  it('are ignored: no throw, no rewritten values', () => {
    const form = post([
      ['name', 'Aline'],
      ['tags', 'a'],
      ['__intent__', 'not json'],
      ['__state__', '{'],
    ])
    expect(parseForm(form, RowsSchema)).toEqual({ ok: true, data: { name: 'Aline', tags: ['a'], rows: [] } })
    const reset = post([
      ['name', 'Aline'],
      ['tags', 'a'],
      ['__intent__', JSON.stringify({ type: 'reset', payload: { name: 'name' } })],
    ])
    expect(parseForm(reset, RowsSchema)).toEqual({ ok: true, data: { name: 'Aline', tags: ['a'], rows: [] } })
  })
})
