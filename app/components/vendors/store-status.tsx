import { Link } from 'react-router'
import { BadgeCheck, Clock, ShieldCheck, X } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { VendorStatus } from '#app/modules/vendors/vendor-status.ts'

const look: Record<VendorStatus, { box: string; icon: typeof Clock }> = {
  pending: { box: 'border-accent bg-accent/15', icon: Clock },
  approved: { box: 'border-success/40 bg-success/10', icon: BadgeCheck },
  rejected: { box: 'border-destructive/40 bg-destructive/10', icon: X },
  suspended: { box: 'border-destructive/40 bg-destructive/10', icon: ShieldCheck },
}

/**
 * Where the store stands (DESIGN.md section 3, point 10), first thing on the vendor's pages: pending, approved,
 * rejected or suspended, with the admin's reason, and what the vendor can do about it.
 */
export function StoreStatus({
  store,
  className,
}: {
  store: { id: number; status: VendorStatus; statusReason: string | null }
  className?: string
}) {
  const t = useT()
  const { box, icon: Icon } = look[store.status]
  const linkClass = 'font-medium text-primary underline underline-offset-4'
  return (
    <section
      aria-labelledby="store-status"
      className={cn('flex gap-3 rounded-lg border-2 p-4 sm:gap-4 sm:p-5', box, className)}
    >
      <Icon className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <h2 id="store-status" className="text-lg font-bold">
          {t('vendor.status.label', { status: t(`vendor.status.${store.status}`) })}
        </h2>
        <p className="mt-1">{t(`dashboard.vendor.status.${store.status}`)}</p>
        {store.statusReason && (store.status === 'rejected' || store.status === 'suspended') ? (
          <p className="mt-2 font-medium">{t('dashboard.vendor.reason', { reason: store.statusReason })}</p>
        ) : null}
        {store.status === 'approved' ? (
          <p className="mt-2">
            <Link to={`/vendor/${store.id}`} className={linkClass}>
              {t('vendor.status.viewStore')}
            </Link>
          </p>
        ) : store.status === 'pending' ? (
          <p className="mt-2 text-sm">
            {t('vendor.status.prepare')}{' '}
            <Link to="/vendor-dashboard/settings" className={linkClass}>
              {t('vendor.status.prepareLink')}
            </Link>
          </p>
        ) : (
          <p className="mt-2 text-sm">
            {t('vendor.status.help')}{' '}
            <Link to="/help" className={linkClass}>
              {t('vendor.status.helpLink')}
            </Link>
          </p>
        )}
      </div>
    </section>
  )
}
