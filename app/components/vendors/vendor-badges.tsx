import type { ReactNode } from 'react'
import { BadgeCheck } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

/** 'Verified' next to a verified store's name. */
export function VerifiedBadge({ className }: { className?: string }) {
  const t = useT()
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary',
        className,
      )}
    >
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {t('vendors.verified')}
    </span>
  )
}

/** 'Open now' with a green dot, or 'Closed now', by the hours the store set (a store without hours shows neither). */
export function OnlineStatus({
  isOnline,
  size = 'xs',
  className,
}: {
  isOnline: boolean
  size?: 'xs' | 'sm'
  className?: string
}) {
  const t = useT()
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 font-medium',
        size === 'sm' ? 'text-sm' : 'text-xs',
        isOnline ? 'text-success' : 'text-muted-foreground',
        className,
      )}
    >
      <span
        className={cn('size-2 rounded-full', isOnline ? 'bg-success' : 'bg-muted-foreground/50')}
        aria-hidden="true"
      />
      {isOnline ? t('vendors.status.online') : t('vendors.status.offline')}
    </span>
  )
}

/** A department or specialty as a small rounded chip. */
export function Chip({
  children,
  size = 'xs',
  className,
}: {
  children: ReactNode
  size?: 'xs' | 'sm'
  className?: string
}) {
  return <span className={cn('chip', size === 'sm' ? 'text-sm' : 'text-xs', className)}>{children}</span>
}

/** 'Gasabo, Kigali', or just 'Musanze' when the district and the city share a name. */
export function placeOf(vendor: { district: string; city: string }): string {
  const d = vendor.district.trim()
  const c = vendor.city.trim()
  if (!c || c.toLowerCase() === d.toLowerCase()) return d
  if (!d) return c
  return `${d}, ${c}`
}
