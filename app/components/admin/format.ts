import { useMemo } from 'react'
import { dateFormat } from '#app/components/date-format.ts'
import { KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import { useRootData } from '#app/lib/root-data.ts'

/**
 * Dates and times in the reader's language, on Kigali's clock (where the staff and the vendors are), so that the
 * server's and the browser's renderings agree.
 */
export function useDateTimeFormat(): (iso: string | Date) => string {
  const { intlLocale } = useRootData()
  return useMemo(() => {
    const format = dateFormat(intlLocale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: KIGALI_TIME_ZONE,
    })
    return (iso: string | Date) => format.format(typeof iso === 'string' ? new Date(iso) : iso)
  }, [intlLocale])
}
