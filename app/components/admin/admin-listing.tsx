import { Form, Link, useLocation } from 'react-router'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

// The pieces every console listing shares: the filter pills, the search form, the CSV link, and the count, empty
// state and pagination around a table. Plain links and GET forms, so they work without JavaScript.

/** A row of filter links (statuses, views); the current one is marked for screen readers too. */
export function AdminFilterPills({
  label,
  items,
}: {
  label: string
  items: { key: string; href: string; current: boolean; label: React.ReactNode }[]
}) {
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.href}
              aria-current={item.current ? 'page' : undefined}
              className={cn(
                'inline-flex h-9 items-center rounded-full border px-3 text-sm',
                item.current
                  ? 'border-primary bg-primary/10 font-semibold text-primary'
                  : 'border-input hover:bg-muted',
              )}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * A listing's search form: `keep` are the filters chosen elsewhere on the page (sent again as hidden fields, an
 * undefined one left out); `children` are the fields; then the submit button and, when given, the CSV link.
 */
export function AdminSearchForm({
  keep = {},
  csv,
  children,
}: {
  keep?: Record<string, string | undefined>
  csv?: React.ReactNode
  children: React.ReactNode
}) {
  const t = useT()
  return (
    <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
      {Object.entries(keep).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      {children}
      <Button type="submit" variant="outline">
        {t('admin.vendors.search.submit')}
      </Button>
      {csv}
    </Form>
  )
}

/** The free-text search field `q` of a listing. */
export function AdminSearchField({
  id,
  label,
  defaultValue,
  placeholder,
}: {
  id: string
  label: string
  defaultValue: string | undefined
  placeholder?: string
}) {
  return (
    <div className="grid min-w-0 flex-1 basis-56 gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} name="q" type="search" defaultValue={defaultValue ?? ''} placeholder={placeholder} />
    </div>
  )
}

/** The link that downloads a listing as CSV. */
export function AdminCsvLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      download
      className="inline-flex h-10 items-center text-sm font-medium text-primary underline underline-offset-4"
    >
      {children}
    </a>
  )
}

/**
 * How many matched (read out when it changes), then the table or, when nothing matched, the empty message; then
 * `after` (anything between the table and the pages) and the links to the other pages, keeping the filters.
 */
export function AdminListing({
  count,
  empty,
  listing,
  after,
  children,
}: {
  count: string
  empty: string
  listing: { items: readonly unknown[]; page: number; pageCount: number }
  after?: React.ReactNode
  children: React.ReactNode
}) {
  const { pathname, search } = useLocation()
  return (
    <>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {count}
      </p>
      {listing.items.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-border p-6 text-center">{empty}</p>
      ) : (
        <div className="mt-3">{children}</div>
      )}
      {after}
      <Pagination
        className="mt-6"
        page={listing.page}
        pageCount={listing.pageCount}
        hrefFor={(page) => pageHref(pathname, search, page)}
      />
    </>
  )
}
