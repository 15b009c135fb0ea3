import { type FormEvent, type ReactNode, useEffect, useRef } from 'react'
import { Form, useNavigate } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { BadgeCheck, Search } from '#app/components/ui/icons.tsx'
import { Input, Label } from '#app/components/ui/input.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
// Types only: the schemas module brings zod, which stays on the server.
import type { VendorSort } from '#app/modules/vendors/vendors.schemas.ts'

export type VendorFilterValues = {
  q: string
  category: string
  location: string
  verified: boolean
  online: boolean
  sort: VendorSort
}

/** Values that are the default are left out of the URL, so a filtered page has a short, shareable address. */
const defaults: Record<string, string> = { q: '', category: 'all', location: 'all', sort: 'featured' }

/** The query string of a filter form: its values, minus the defaults. */
export function cleanQuery(form: HTMLFormElement): string {
  const params = new URLSearchParams()
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== 'string') continue
    const v = value.trim()
    if (v === '' || defaults[key] === v) continue
    params.set(key, v)
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}

const selectClass =
  'h-10 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm'

/** A checkbox drawn as a badge that fills in when on. */
function ToggleBadge({ name, checked, children }: { name: string; checked: boolean; children: ReactNode }) {
  return (
    <label
      className={cn(
        'inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border border-input bg-card px-4 text-sm font-medium select-none hover:bg-muted',
        'has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
      )}
    >
      <input type="checkbox" name={name} value="1" defaultChecked={checked} className="sr-only" />
      {children}
    </label>
  )
}

/**
 * The vendor list's filters: a GET form, so it works without JavaScript (Apply). With JavaScript, a change of a
 * select or a toggle applies at once, and the URL keeps only the values that differ from the defaults.
 */
export function VendorFilters({
  values,
  departments,
  locations,
  sorts,
}: {
  values: VendorFilterValues
  /** The orders offered, from the loader. */
  sorts: readonly VendorSort[]
  departments: { slug: string; name: string }[]
  locations: { value: string; name: string }[]
}) {
  const t = useT()
  const navigate = useNavigate()
  const apply = (form: HTMLFormElement) =>
    navigate({ pathname: '/vendors', search: cleanQuery(form) }, { preventScrollReset: true })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    apply(event.currentTarget)
  }
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement
    if (target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === 'checkbox')) {
      apply(event.currentTarget)
    }
  }
  // The fields are uncontrolled (the form works before JavaScript); when the URL changes by other means (back
  // button, a link), they are set to its values.
  const ref = useRef<HTMLFormElement>(null)
  const key = JSON.stringify(values)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `values`
  useEffect(() => {
    const form = ref.current
    if (!form) return
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null
    const set = (name: string, value: string) => {
      const el = field(name)
      if (el && el.value !== value) el.value = value
    }
    set('q', values.q)
    set('category', values.category)
    set('location', values.location)
    set('sort', values.sort)
    for (const name of ['verified', 'online'] as const) {
      const el = field(name)
      if (el instanceof HTMLInputElement) el.checked = values[name]
    }
  }, [key])
  return (
    <Form
      ref={ref}
      method="get"
      action="/vendors"
      onSubmit={onSubmit}
      onChange={onChange}
      role="search"
      aria-label={t('vendors.filters.label')}
      className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-card p-4 shadow-sm lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
    >
      <div className="col-span-2 grid gap-1.5 lg:col-span-1">
        <Label htmlFor="vendor-q">{t('vendors.filters.search')}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="vendor-q"
            type="search"
            name="q"
            defaultValue={values.q}
            placeholder={t('vendors.filters.searchPlaceholder')}
            className="pl-9"
            maxLength={100}
          />
        </div>
      </div>
      <div className="col-span-2 grid gap-1.5 sm:col-span-1">
        <Label htmlFor="vendor-category">{t('vendors.filters.category')}</Label>
        <select id="vendor-category" name="category" defaultValue={values.category} className={selectClass}>
          <option value="all">{t('vendors.filters.allCategories')}</option>
          {departments.map((d) => (
            <option key={d.slug} value={d.slug}>
              {d.name}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 grid gap-1.5 sm:col-span-1">
        <Label htmlFor="vendor-location">{t('vendors.filters.location')}</Label>
        <select id="vendor-location" name="location" defaultValue={values.location} className={selectClass}>
          <option value="all">{t('vendors.filters.allLocations')}</option>
          {locations.map((l) => (
            <option key={l.value} value={l.value}>
              {l.value === 'kigali' ? t('vendors.filters.kigali') : l.name}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 grid gap-1.5 lg:col-span-1">
        <Label htmlFor="vendor-sort">{t('vendors.filters.sort')}</Label>
        <select id="vendor-sort" name="sort" defaultValue={values.sort} className={selectClass}>
          {sorts.map((s) => (
            <option key={s} value={s}>
              {t(`vendors.sort.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-2 lg:col-span-4">
        <fieldset className="contents">
          <legend className="sr-only">{t('vendors.filters.show')}</legend>
          <ToggleBadge name="verified" checked={values.verified}>
            <BadgeCheck className="size-4" aria-hidden="true" />
            {t('vendors.filters.verified')}
          </ToggleBadge>
          <ToggleBadge name="online" checked={values.online}>
            <span className="size-2 rounded-full bg-success ring-2 ring-card" aria-hidden="true" />
            {t('vendors.filters.online')}
          </ToggleBadge>
        </fieldset>
        <Button type="submit" className="ml-auto">
          {t('vendors.filters.apply')}
        </Button>
      </div>
    </Form>
  )
}
