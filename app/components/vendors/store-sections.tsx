import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import {
  CalendarDays,
  Clock,
  MapPin,
  MessageCircle,
  RotateCcw,
  ShieldCheck,
  Star,
  Truck,
} from '#app/components/ui/icons.tsx'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { numberFormat } from '#app/lib/format.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { type OpeningHours, timeOfDay, WEEKDAYS } from '#app/modules/vendors/opening-hours.ts'
import { isResponseTime } from '#app/modules/vendors/response-times.ts'
import type { VendorStoreData } from '#app/queries/vendor-directory.server.ts'
import { FollowButton, useFollowerCount } from './follow-button.tsx'
import { VendorAvatar } from './vendor-avatar.tsx'
import { Chip, OnlineStatus, placeOf, VerifiedBadge } from './vendor-badges.tsx'

/** Banner pictures are stored 3:1. */
export const BANNER_WIDTH = 1200
export const BANNER_HEIGHT = 400

/** The store's banner (the page's largest paint, so never lazy), or its gradient when it has none. */
export function StoreBanner({ vendor }: { vendor: VendorStoreData }) {
  const box = 'h-36 w-full rounded-lg object-cover sm:h-52 lg:h-64'
  if (vendor.bannerKey) {
    return (
      <ResponsiveImage
        imageKey={vendor.bannerKey}
        alt=""
        width={BANNER_WIDTH}
        height={BANNER_HEIGHT}
        placeholder={vendor.avatarColours[0]}
        sizes="(min-width: 1280px) 1216px, 100vw"
        priority
        className={box}
      />
    )
  }
  return (
    <div
      aria-hidden="true"
      className={box}
      style={{
        backgroundImage: `linear-gradient(120deg, ${vendor.avatarColours[0]}, ${vendor.avatarColours[1]})`,
      }}
    />
  )
}

/**
 * Who the store is, where, whether it answers now; Follow Store (customers; a visitor signs in first) and Contact
 * Vendor (customers write to the store; a visitor signs in first; a vendor or staff account sees it disabled).
 */
export function StoreIdentity({
  vendor,
  following,
}: {
  vendor: VendorStoreData
  following: boolean
  signInHref: string
}) {
  const t = useT()
  const { account } = useRootData()
  const note = !account
    ? t('vendors.store.signInNote')
    : account.role === 'customer'
      ? t('messages.store.contactNote')
      : t('vendor.store.customersOnly')
  return (
    <div className="px-4 sm:px-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-5">
          <VendorAvatar
            name={vendor.name}
            avatarKey={vendor.avatarKey}
            avatarColours={vendor.avatarColours}
            isOnline={vendor.isOnline === true}
            size="lg"
            className="-mt-10 self-start rounded-full ring-4 ring-background sm:-mt-12"
          />
          <div className="min-w-0 sm:pt-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{vendor.name}</h1>
              {vendor.verified && <VerifiedBadge />}
            </div>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4" aria-hidden="true" />
                <span className="sr-only">{t('vendors.card.location')}</span>
                {placeOf(vendor)}
              </span>
              <span className="inline-flex items-center gap-1">
                <CalendarDays className="size-4" aria-hidden="true" />
                {t('vendors.years.long', { count: vendor.yearsOnIsoko })}
              </span>
            </p>
            {vendor.openingHours ? <StoreHours hours={vendor.openingHours} isOpen={vendor.isOnline === true} /> : null}
          </div>
        </div>
        <div className="flex flex-col gap-1.5 lg:items-end lg:pt-3">
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <FollowButton vendorId={vendor.id} following={following} label={t('vendors.store.follow')} />
            {account && account.role !== 'customer' ? (
              <Button variant="outline" disabled aria-describedby="store-contact-note">
                <MessageCircle aria-hidden="true" />
                {t('vendors.store.contact')}
              </Button>
            ) : (
              // A visitor lands on the sign-in page first (the page's guard) and comes back to write.
              <Link
                to={`/customer-dashboard/messages/new?store=${vendor.id}`}
                className={buttonVariants({ variant: 'outline' })}
                aria-describedby="store-contact-note"
              >
                <MessageCircle aria-hidden="true" />
                {t('vendors.store.contact')}
              </Link>
            )}
          </div>
          <p id="store-contact-note" className="text-xs text-muted-foreground">
            {note}
          </p>
        </div>
      </div>
    </div>
  )
}

/** The store's figures, all counted from the database. */
export function StoreStats({ vendor, following }: { vendor: VendorStoreData; following: boolean }) {
  const t = useT()
  const followers = useFollowerCount(vendor.id, vendor.followerCount, following)
  const { intlLocale } = useRootData()
  const number = numberFormat(intlLocale)
  const rating = numberFormat(intlLocale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const percent = numberFormat(intlLocale, { style: 'percent', maximumFractionDigits: 0 })
  const stats: { key: string; label: string; value: ReactNode }[] = [
    { key: 'products', label: t('vendors.store.stats.products'), value: number.format(vendor.productCount) },
    { key: 'followers', label: t('vendors.store.stats.followers'), value: number.format(followers) },
    {
      key: 'rating',
      label: t('vendors.store.stats.rating'),
      value:
        vendor.rating == null ? (
          <span className="text-base font-medium text-muted-foreground">{t('vendors.store.stats.noRating')}</span>
        ) : (
          <span className="inline-flex items-center gap-1">
            <Star className="size-4 fill-amber-500 text-amber-500" aria-hidden="true" />
            {t('vendors.store.stats.ratingValue', { rating: rating.format(vendor.rating) })}
          </span>
        ),
    },
    { key: 'reviews', label: t('vendors.store.stats.reviews'), value: number.format(vendor.reviewCount) },
    {
      key: 'satisfaction',
      label: t('vendors.store.stats.satisfaction'),
      value:
        vendor.satisfaction == null ? (
          <span className="text-base font-medium text-muted-foreground">{t('vendors.store.stats.noReviews')}</span>
        ) : (
          percent.format(vendor.satisfaction / 100)
        ),
    },
    {
      key: 'years',
      label: t('vendors.store.stats.onIsoko'),
      value: t('vendors.years.short', { count: vendor.yearsOnIsoko }),
    },
    {
      key: 'response',
      label: t('vendors.store.stats.responseTime'),
      value: isResponseTime(vendor.responseTime)
        ? t(`vendors.responseTime.${vendor.responseTime}`)
        : vendor.responseTime,
    },
  ]
  return (
    <section aria-labelledby="store-stats" className="rounded-lg border border-border bg-card p-4 shadow-sm sm:p-5">
      <h2 id="store-stats" className="text-lg font-semibold">
        {t('vendors.store.stats.title')}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {stats.map((s) => (
          <div
            key={s.key}
            className={cn(
              'flex flex-col-reverse rounded-md bg-muted px-3 py-2.5',
              s.key === 'response' && 'col-span-2',
            )}
          >
            <dt className="text-xs text-muted-foreground">{s.label}</dt>
            <dd className="text-lg leading-snug font-semibold">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** Returns, shipping and warranty, in the store's own words. */
export function StorePolicies({ vendor }: { vendor: VendorStoreData }) {
  const t = useT()
  const items = [
    { key: 'returns', icon: RotateCcw, label: t('vendors.store.policies.returns'), text: vendor.policies.returns },
    { key: 'shipping', icon: Truck, label: t('vendors.store.policies.shipping'), text: vendor.policies.shipping },
    { key: 'warranty', icon: ShieldCheck, label: t('vendors.store.policies.warranty'), text: vendor.policies.warranty },
  ]
  return (
    <section aria-labelledby="store-policies" className="rounded-lg border border-border bg-card p-4 shadow-sm sm:p-5">
      <h2 id="store-policies" className="text-lg font-semibold">
        {t('vendors.store.policies.title')}
      </h2>
      <dl className="mt-4 grid gap-4">
        {items.map(({ key, icon: Icon, label, text }) => (
          <div key={key} className="relative min-h-8 pl-11">
            <dt className="text-sm font-semibold">
              <span className="absolute top-0.5 left-0 inline-flex size-8 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              {label}
            </dt>
            <dd className="text-sm text-muted-foreground">{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** About the store, and its specialties as chips. */
export function StoreAbout({ vendor }: { vendor: VendorStoreData }) {
  const t = useT()
  return (
    <section aria-labelledby="store-about" className="rounded-lg border border-border bg-card p-4 shadow-sm sm:p-5">
      <h2 id="store-about" className="text-lg font-semibold">
        {t('vendors.store.about', { name: vendor.name })}
      </h2>
      <div className="mt-3 space-y-3 text-sm leading-relaxed text-foreground/90">
        {vendor.about
          .split(/\n\s*\n/)
          .filter(Boolean)
          .map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
      </div>
      {vendor.specialties.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold">{t('vendors.store.specialties')}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {vendor.specialties.map((s) => (
              <li key={s}>
                <Chip size="sm">{s}</Chip>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

/**
 * The hours the store set, exactly (Kigali time), with whether it is open now by them. The week folds away under
 * its summary (a plain <details>: no script needed).
 */
function StoreHours({ hours, isOpen }: { hours: OpeningHours; isOpen: boolean }) {
  const t = useT()
  return (
    <div className="mt-1 text-sm text-muted-foreground">
      <details className="group">
        <summary className="inline-flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
          <OnlineStatus isOnline={isOpen} size="sm" />
          <span className="inline-flex items-center gap-1 underline-offset-4 group-open:underline hover:underline">
            <Clock className="size-4" aria-hidden="true" />
            {t('vendors.hours.title')}
          </span>
        </summary>
        <dl className="mt-2 grid max-w-xs grid-cols-[auto_1fr] gap-x-6 gap-y-0.5" aria-label={t('vendors.hours.title')}>
          {WEEKDAYS.map((day, i) => {
            const h = hours[i]
            return (
              <div key={day} className="contents">
                <dt>{t(`vendors.hours.day.${day}`)}</dt>
                <dd className="text-foreground">
                  {h
                    ? t('vendors.hours.range', { opens: timeOfDay(h.open), closes: timeOfDay(h.close) })
                    : t('vendors.hours.closed')}
                </dd>
              </div>
            )
          })}
        </dl>
      </details>
    </div>
  )
}
