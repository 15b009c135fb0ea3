import { useMemo } from 'react'
import { useRootData } from '#app/lib/root-data.ts'

/** A Rwandan number in E.164 as people write it: '+250788123456' → '+250 788 123 456'. Others stay as they are. */
export function formatPhone(e164: string): string {
  const m = e164.match(/^\+250(\d{3})(\d{3})(\d{3})$/)
  return m ? `+250 ${m[1]} ${m[2]} ${m[3]}` : e164
}

/**
 * Dates and times in the reader's language, on Kigali's clock (where the staff and the vendors are), so that the
 * server's and the browser's renderings agree.
 */
export function useDateTimeFormat(): (iso: string | Date) => string {
  const { intlLocale } = useRootData()
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(intlLocale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Africa/Kigali',
    })
    return (iso: string | Date) => format.format(typeof iso === 'string' ? new Date(iso) : iso)
  }, [intlLocale])
}
