import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { cn } from '#app/lib/utils.ts'

/** Up to two initials of a store's name: 'Umutako Boutique' → 'UB'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[1]] : words.slice(0, 1)
  return letters
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toUpperCase()
}

const sizes = {
  md: { box: 'size-14 text-lg', px: 56 },
  lg: { box: 'size-20 text-2xl sm:size-24 sm:text-3xl', px: 96 },
} as const

/**
 * The store's picture, or its initials on the store's two-colour gradient. Decorative: the store's name is always
 * written next to it. A green dot marks a store that is online now (its status is also written out in text).
 */
export function VendorAvatar({
  name,
  avatarKey,
  avatarColours,
  isOnline,
  size = 'md',
  className,
}: {
  name: string
  avatarKey: string | null
  avatarColours: [string, string]
  isOnline?: boolean
  size?: keyof typeof sizes
  className?: string
}) {
  const s = sizes[size]
  return (
    <span className={cn('relative inline-flex shrink-0', className)} aria-hidden="true">
      {avatarKey ? (
        <ResponsiveImage
          imageKey={avatarKey}
          alt=""
          width={s.px}
          height={s.px}
          placeholder={avatarColours[0]}
          sizes={`${s.px}px`}
          className={cn(s.box, 'rounded-full object-cover ring-2 ring-card')}
        />
      ) : (
        <span
          className={cn(
            s.box,
            'inline-flex items-center justify-center rounded-full font-bold text-white ring-2 ring-card [text-shadow:0_1px_2px_rgb(0_0_0/0.45)]',
          )}
          style={{ backgroundImage: `linear-gradient(135deg, ${avatarColours[0]}, ${avatarColours[1]})` }}
        >
          {initialsOf(name)}
        </span>
      )}
      {isOnline && (
        <span
          className={cn(
            'absolute right-0 bottom-0 rounded-full bg-success ring-2 ring-card',
            size === 'lg' ? 'size-4 sm:size-5' : 'size-3.5',
          )}
        />
      )}
    </span>
  )
}
