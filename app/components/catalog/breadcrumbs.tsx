import { Link } from 'react-router'
import { ChevronRight } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'

/** Home > Products > department > group > item > the product, each level a filtered listing. */
export function Breadcrumbs({ path, current }: { path: { slug: string; name: string }[]; current: string }) {
  const t = useT()
  const department = path[0]
  const crumbs = [
    { to: '/', label: t('products.breadcrumb.home') },
    { to: '/products', label: t('products.breadcrumb.products') },
    ...path.map((c, i) => ({
      to:
        i === 0 || !department
          ? `/products?category=${encodeURIComponent(c.slug)}`
          : `/products?category=${encodeURIComponent(department.slug)}&subcategory=${encodeURIComponent(c.slug)}`,
      label: c.name,
    })),
  ]
  return (
    <nav aria-label={t('products.breadcrumb.label')} className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1">
        {crumbs.map((c) => (
          <li key={c.to} className="flex items-center gap-1">
            <Link to={c.to} className="hover:text-primary hover:underline">
              {c.label}
            </Link>
            <ChevronRight className="size-3.5 shrink-0" aria-hidden="true" />
          </li>
        ))}
        <li className="max-w-full truncate font-medium text-foreground" aria-current="page">
          {current}
        </li>
      </ol>
    </nav>
  )
}
