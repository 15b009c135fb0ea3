import { Link } from 'react-router'
import { RatingStars } from '#app/components/catalog/rating-stars.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { MapPin } from '#app/components/ui/icons.tsx'
import { numberFormat } from '#app/lib/format.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import type { VendorCardData } from '#app/queries/vendor-directory.server.ts'
import { FollowButton, useFollowerCount } from './follow-button.tsx'
import { VendorAvatar } from './vendor-avatar.tsx'
import { Chip, OnlineStatus, placeOf, VerifiedBadge } from './vendor-badges.tsx'

/** One store in the vendor list: who, where, how it is rated, what it sells; Visit Store and Follow. */
export function VendorCard({
  vendor,
  departmentNames,
  following,
  headingLevel = 'h2',
}: {
  vendor: VendorCardData
  /** Department slug → its name, for the category chips. */
  departmentNames: Record<string, string>
  /** Whether the signed-in customer follows this store. */
  following: boolean
  headingLevel?: 'h2' | 'h3'
}) {
  const t = useT()
  const { intlLocale } = useRootData()
  const number = numberFormat(intlLocale)
  const Heading = headingLevel
  const headingId = `vendor-${vendor.id}-name`
  const followers = useFollowerCount(vendor.id, vendor.followerCount, following)
  const stats = [
    { label: t('vendors.card.products'), value: number.format(vendor.productCount) },
    { label: t('vendors.card.followers'), value: number.format(followers) },
    { label: t('vendors.card.onIsoko'), value: t('vendors.years.short', { count: vendor.yearsActive }) },
  ]
  return (
    <article aria-labelledby={headingId} className="vendor-card">
      <div className="flex items-start gap-3">
        <VendorAvatar
          name={vendor.name}
          avatarKey={vendor.avatarKey}
          avatarColours={vendor.avatarColours}
          isOnline={vendor.isOnline === true}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Heading id={headingId} className="text-base leading-tight font-semibold">
              <Link to={`/vendor/${vendor.id}`} className="hover:text-primary hover:underline">
                {vendor.name}
              </Link>
            </Heading>
            {vendor.verified && <VerifiedBadge />}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3.5" aria-hidden="true" />
              <span className="sr-only">{t('vendors.card.location')}</span>
              {placeOf(vendor)}
            </span>
            {/* Only a store that set its hours says whether it is open: none are invented. */}
            {vendor.isOnline === null ? null : <OnlineStatus isOnline={vendor.isOnline} />}
          </p>
          <RatingStars rating={vendor.rating} reviewCount={vendor.reviewCount} className="mt-1.5" />
        </div>
      </div>

      <p className="line-clamp-2 text-sm text-muted-foreground">{vendor.description}</p>

      <dl className="vendor-stats">
        {stats.map((s) => (
          <div key={s.label}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>

      {vendor.categories.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('vendors.card.categories')}>
          {vendor.categories.map((slug) => (
            <li key={slug}>
              <Chip>{departmentNames[slug] ?? slug}</Chip>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-auto grid grid-cols-2 gap-2">
        <Link to={`/vendor/${vendor.id}`} className={buttonVariants({ size: 'sm' })} aria-describedby={headingId}>
          {t('vendors.card.visit')}
        </Link>
        <FollowButton
          vendorId={vendor.id}
          following={following}
          label={t('vendor.follow.follow')}
          variant="outline"
          size="sm"
          aria-describedby={headingId}
        />
      </div>
    </article>
  )
}
