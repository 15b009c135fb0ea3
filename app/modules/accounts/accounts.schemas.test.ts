import { describe, expect, it } from 'vitest'
import { parseForm } from '#app/lib/forms.server.ts'
import {
  CustomerSignupSchema,
  normaliseRwandanPhone,
  PasswordSchema,
  VendorApplicationSchema,
} from './accounts.schemas.ts'

/** The values as a browser posts them: a list is one field per item. */
function post(values: Record<string, string | string[]>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item)
  }
  return form
}

describe('Rwandan mobile numbers', () => {
  it.each([
    ['0788123456', '+250788123456'],
    ['078 812 3456', '+250788123456'],
    ['+250 78 812 3456', '+250788123456'],
    ['250788123456', '+250788123456'],
    ['00250788123456', '+250788123456'],
    ['(078) 812-3456', '+250788123456'],
    ['0722 123 456', '+250722123456'],
    ['0731234567', '+250731234567'],
    ['0791234567', '+250791234567'],
  ])('reads %s as %s', (input, e164) => {
    expect(normaliseRwandanPhone(input)).toBe(e164)
  })

  it.each([
    '0712345678', // no such mobile prefix
    '078812345', // a digit short
    '07881234567', // a digit long
    '+254712345678', // Kenya
    '0252123456', // a landline
    'call me',
    '',
  ])('refuses %s', (input) => {
    expect(normaliseRwandanPhone(input)).toBeNull()
  })
})

describe('passwords', () => {
  it('needs 8 to 128 characters and refuses the most common ones', () => {
    expect(PasswordSchema.safeParse('short').success).toBe(false)
    expect(PasswordSchema.safeParse('x'.repeat(129)).success).toBe(false)
    expect(PasswordSchema.safeParse('Password123').success).toBe(false)
    expect(PasswordSchema.safeParse('12345678').success).toBe(false)
    expect(PasswordSchema.safeParse('Kitenge-Blue-42').success).toBe(true)
    expect(PasswordSchema.safeParse('xy'.repeat(64)).success).toBe(true)
  })

  const refusal = (p: string) => {
    const r = PasswordSchema.safeParse(p)
    return r.success ? null : r.error.issues[0]?.message
  }

  it.each([
    ['aaaaaaaa', 'account.error.passwordRepeated'],
    ['x'.repeat(128), 'account.error.passwordRepeated'],
    ['🙂🙂🙂🙂🙂🙂🙂🙂', 'account.error.passwordRepeated'],
    ['        ', 'account.error.passwordBlank'],
    ['\u00a0\u00a0 \u3000  \u2003  ', 'account.error.passwordBlank'],
    ['Kitenge\tBlue-42', 'account.error.passwordControl'],
    ['Kitenge-Blue-42\n', 'account.error.passwordControl'],
    ['Kitenge\u0000Blue-42', 'account.error.passwordControl'],
    ['Kitenge\u0085Blue-42', 'account.error.passwordControl'],
    ['Isoko-Demo-2026', 'account.error.passwordDemo'],
    ['isoko-demo-2026', 'account.error.passwordDemo'],
    ['ISOKO-DEMO-2026', 'account.error.passwordDemo'],
  ])('refuses %j with its own message', (password, message) => {
    expect(refusal(password)).toBe(message)
  })

  it('keeps leading and trailing spaces of an otherwise good password', () => {
    expect(PasswordSchema.parse('  Kitenge-Blue-42 ')).toBe('  Kitenge-Blue-42 ')
    expect(refusal(' Isoko-Demo-2026x')).toBeNull()
  })
})

describe('registration forms', () => {
  const customer = {
    firstName: 'Aline',
    lastName: 'Uwase',
    email: ' Aline@Example.RW ',
    password: 'Kitenge-Blue-42',
    confirmPassword: 'Kitenge-Blue-42',
  }

  it('accept a complete customer and lower-case the e-mail', () => {
    const parsed = CustomerSignupSchema.parse(customer)
    expect(parsed.email).toBe('aline@example.rw')
  })

  it('put each refusal on its field', () => {
    const result = parseForm(
      post({ ...customer, firstName: ' ', email: 'aline@', confirmPassword: 'x' }),
      CustomerSignupSchema,
    )
    expect(result.ok ? null : result.errors).toEqual({
      firstName: 'account.error.required',
      email: 'account.error.email',
      confirmPassword: 'account.mismatch',
    })
  })

  it('normalise the vendor phone and need a department and a real description', () => {
    const vendor = {
      ownerName: 'Jean Bosco',
      businessName: 'Bosco Tailors',
      email: 'bosco@example.rw',
      phone: '078 812 3456',
      businessAddress: 'KN 4 Ave, Kigali',
      businessDescription: 'Made-to-measure kitenge shirts and safari suits.',
      district: 'Gasabo',
      categories: ['men'],
      password: 'Umushanana-2026',
      confirmPassword: 'Umushanana-2026',
    }
    expect(VendorApplicationSchema.parse(vendor).phone).toBe('+250788123456')
    // As posted: one ticked department is one field, none is no field at all.
    const one = parseForm(post(vendor), VendorApplicationSchema)
    expect(one.ok && one.data.categories).toEqual(['men'])
    const bad = parseForm(
      post({ ...vendor, phone: '0712', categories: [], businessDescription: 'Tailor' }),
      VendorApplicationSchema,
    )
    expect(bad.ok ? null : bad.errors).toMatchObject({
      phone: 'account.error.phone',
      categories: 'account.error.categories',
      businessDescription: 'account.error.descriptionShort',
    })
  })
})
