/**
 * The one way Isoko shows a phone number. A Rwandan number (E.164, spaces allowed) is written as Rwandans write
 * it, the nine national digits in threes: '+250788123456' → '+250 788 123 456'. Anything else is shown as it is.
 */
export function formatPhone(value: string): string {
  const m = value.replace(/\s/g, '').match(/^\+250(\d{3})(\d{3})(\d{3})$/)
  return m ? `+250 ${m[1]} ${m[2]} ${m[3]}` : value
}

/**
 * The national digits of a Rwandan phone number however it is typed (078…, +25078…, 250 78…, 78…), for finding it
 * inside a stored E.164 number; null when the text is not (part of) a phone number.
 */
export function phoneDigits(q: string): string | null {
  if (!/^[+\d\s().-]+$/.test(q)) return null
  const digits = q.replace(/\D/g, '')
  const national = digits.startsWith('250') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits
  return national.length >= 6 && national.length <= 9 ? national : null
}
