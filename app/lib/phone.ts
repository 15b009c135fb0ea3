/**
 * The one way Isoko shows a phone number. A Rwandan number (E.164, spaces allowed) is written as Rwandans write
 * it, the nine national digits in threes: '+250788123456' → '+250 788 123 456'. Anything else is shown as it is.
 */
export function formatPhone(value: string): string {
  const m = value.replace(/\s/g, '').match(/^\+250(\d{3})(\d{3})(\d{3})$/)
  return m ? `+250 ${m[1]} ${m[2]} ${m[3]}` : value
}
