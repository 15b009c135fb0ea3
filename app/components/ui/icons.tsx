import type { ComponentProps } from 'react'
import type { IconName } from './icon-elements.ts'
// One sprite of every icon (built from icon-elements.ts by `npm run icons`), a hashed file under /assets/ that is
// cached for a year: a page refers to its symbols instead of repeating their path data (DESIGN.md section 4).
import spriteUrl from './icons.svg?url&no-inline'

export type { IconName }
export type IconProps = Omit<ComponentProps<'svg'>, 'name'> & { strokeWidth?: number }

/**
 * An icon from the sprite. Its paint comes from the `icon` class (app/app.css: the stroke is `currentColor`, the
 * text colour, 2 wide with round ends; no fill), written once in the stylesheet instead of five attributes on every
 * icon: a `fill-current` class fills it, `strokeWidth` thins it; sized by classes (`size-4`). Decorative and
 * hidden from assistive technology unless labelled with `aria-label`.
 */
export function Icon({ name, strokeWidth = 2, className, style, ...props }: IconProps & { name: IconName }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative, hidden from assistive technology unless the caller labels it
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      className={className ? `icon ${className}` : 'icon'}
      style={strokeWidth === 2 ? style : { ...style, strokeWidth }}
      aria-hidden={props['aria-label'] ? undefined : true}
      role={props['aria-label'] ? 'img' : undefined}
      {...props}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  )
}

function named(name: IconName) {
  return function NamedIcon(props: IconProps) {
    return <Icon name={name} {...props} />
  }
}

export const ArrowLeft = named('arrow-left')
export const BadgeCheck = named('badge-check')
export const CalendarDays = named('calendar-days')
export const Check = named('check')
export const ChevronDown = named('chevron-down')
export const ChevronLeft = named('chevron-left')
export const ChevronRight = named('chevron-right')
export const Clock = named('clock')
export const Eye = named('eye')
export const Globe = named('globe')
export const Headphones = named('headphones')
export const Heart = named('heart')
export const Loader = named('loader')
export const Mail = named('mail')
export const MapPin = named('map-pin')
export const Menu = named('menu')
export const MessageCircle = named('message-circle')
export const Minus = named('minus')
export const PackageSearch = named('package-search')
export const Phone = named('phone')
export const Plus = named('plus')
export const RotateCcw = named('rotate-ccw')
export const Search = named('search')
export const ShieldCheck = named('shield-check')
export const ShoppingBag = named('shopping-bag')
export const ShoppingCart = named('shopping-cart')
export const SlidersHorizontal = named('sliders-horizontal')
export const Star = named('star')
export const Store = named('store')
export const Trash2 = named('trash-2')
export const Truck = named('truck')
export const User = named('user')
export const UserCheck = named('user-check')
export const UserPlus = named('user-plus')
export const UserRound = named('user-round')
export const X = named('x')
