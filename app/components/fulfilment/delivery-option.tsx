import { Truck } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'

/** The delivery option; same-day express stands out, since it must leave today. */
export function DeliveryOption({ option }: { option: 'standard' | 'express' }) {
  const t = useT()
  if (option !== 'express') return <span>{t('orders.delivery.standard')}</span>
  return (
    <span className="inline-flex items-center gap-1 rounded-md border border-amber-400 bg-amber-50 px-1.5 py-0.5 font-semibold text-amber-950">
      <Truck className="size-4" aria-hidden="true" />
      {t('orders.delivery.express')}
    </span>
  )
}
