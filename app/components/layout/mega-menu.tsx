import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { NavCategory } from './links.ts'
import { categoryHref } from './links.ts'

// The prototype's navigation-menu timings (prototype-spec.md section 9).
const OPEN_DELAY = 200
const SKIP_DELAY = 300
const CLOSE_DELAY = 150
/** A click this soon after the mouse opened its panel is the same wish to open it (not a toggle back). */
const CLICK_AFTER_HOVER = 500

/** Departments that open a panel; Home & Living and Sale are plain links. */
const PANEL_DEPARTMENTS = ['women', 'men', 'kids', 'accessories', 'shoes', 'beauty']

const PICTURE_GRADIENTS: Record<string, string> = {
  women: 'from-rose-200 to-amber-100',
  men: 'from-sky-200 to-emerald-100',
  kids: 'from-yellow-200 to-lime-100',
  accessories: 'from-amber-200 to-orange-100',
  shoes: 'from-stone-300 to-stone-100',
  beauty: 'from-pink-200 to-violet-100',
}

/**
 * The desktop mega menu. A department's panel is built when it opens, from the category tree the page already
 * holds as data (issue 16: the six panels' 120 links were 26 KB of every page's HTML); with the prototype's
 * delays: open after 200 ms, at once when moving between items within 300 ms of a close, close after 150 ms;
 * Escape closes and returns focus. Before its code runs, each department is a link to its listing.
 */
export function MegaMenu({ categories }: { categories: NavCategory[] }) {
  const t = useT()
  const [hydrated, setHydrated] = useState(false)
  const [open, setOpen] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const lastClosed = useRef(0)
  /** When a resting mouse last opened a panel: a click that follows at once means "open", not "close". */
  const hoverOpened = useRef(0)
  const { pathname, search } = useLocation()
  useEffect(() => setHydrated(true), [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => setOpen(null), [pathname, search])
  useEffect(() => () => clearTimeout(timer.current), [])

  const openSoon = (slug: string) => {
    clearTimeout(timer.current)
    if (open === slug) return
    const openNow = () => {
      hoverOpened.current = Date.now()
      setOpen(slug)
    }
    if (open || Date.now() - lastClosed.current < SKIP_DELAY) openNow()
    else timer.current = setTimeout(openNow, OPEN_DELAY)
  }
  const closeSoon = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      setOpen(null)
      lastClosed.current = Date.now()
    }, CLOSE_DELAY)
  }

  const departments = categories.filter((c) => PANEL_DEPARTMENTS.includes(c.slug))
  const home = categories.find((c) => c.slug === 'home-living')
  return (
    <nav aria-label={t('nav.main')} className="relative hidden border-t border-border md:block">
      <ul
        className="mx-auto flex max-w-7xl items-center gap-1 px-4"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            const trigger = document.getElementById(`mega-trigger-${open}`)
            setOpen(null)
            trigger?.focus()
          }
        }}
      >
        {departments.map((dept) => {
          const isOpen = open === dept.slug
          return (
            <li
              key={dept.slug}
              onPointerEnter={(e) => e.pointerType === 'mouse' && openSoon(dept.slug)}
              onPointerLeave={(e) => e.pointerType === 'mouse' && closeSoon()}
              onBlur={(e) => {
                // Tabbing out of a department's trigger and panel closes its panel.
                if (isOpen && !e.currentTarget.contains(e.relatedTarget)) setOpen(null)
              }}
            >
              {hydrated ? (
                <button
                  id={`mega-trigger-${dept.slug}`}
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={isOpen ? `mega-panel-${dept.slug}` : undefined}
                  onClick={() => {
                    clearTimeout(timer.current)
                    // The mouse that came to click it opened it on the way: the click keeps it open.
                    if (isOpen && Date.now() - hoverOpened.current < CLICK_AFTER_HOVER) return
                    setOpen(isOpen ? null : dept.slug)
                  }}
                  className={cn('mega-link chevron-down', isOpen && 'bg-muted')}
                >
                  {dept.name}
                </button>
              ) : (
                // Before the menu's code runs (and without JavaScript), a department is a link to its listing,
                // whose filters offer its subcategories; the panel is built from the page's data when opened.
                <Link to={categoryHref(dept.slug)} className="mega-link chevron-down">
                  {dept.name}
                </Link>
              )}
              {isOpen ? <Panel dept={dept} /> : null}
            </li>
          )
        })}
        {home ? (
          <li>
            <Link to={categoryHref(home.slug)} className="mega-link">
              {home.name}
            </Link>
          </li>
        ) : null}
        <li>
          <Link
            to="/products?sale=1"
            className="inline-flex h-11 items-center rounded-md px-3 text-sm font-bold text-sale hover:bg-muted"
          >
            {t('nav.sale')}
          </Link>
        </li>
      </ul>
    </nav>
  )
}

/** A department's open panel: its groups and their subcategories, and a picture link to all of it. */
function Panel({ dept }: { dept: NavCategory }) {
  const t = useT()
  return (
    <div
      id={`mega-panel-${dept.slug}`}
      className="absolute top-full left-4 z-50 w-[700px] rounded-b-xl border border-border bg-card p-6 shadow-xl lg:w-[900px]"
    >
      <div className="flex gap-6">
        <div className="grid flex-1 grid-cols-3 gap-6">
          {dept.children?.map((group) => (
            <div key={group.slug}>
              <Link
                to={categoryHref(dept.slug, group.slug)}
                className="text-sm font-semibold text-foreground hover:text-primary"
              >
                {group.name}
              </Link>
              <ul className="mt-2 space-y-1.5">
                {group.children?.map((sub) => (
                  <li key={sub.slug}>
                    <Link
                      to={categoryHref(dept.slug, sub.slug)}
                      className="text-sm text-muted-foreground hover:text-primary hover:underline"
                    >
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <Link
          to={categoryHref(dept.slug)}
          className={cn(
            'hidden w-56 shrink-0 flex-col justify-end rounded-lg bg-gradient-to-br p-4 lg:flex',
            PICTURE_GRADIENTS[dept.slug] ?? 'from-muted to-card',
          )}
        >
          <span aria-hidden="true" className="text-6xl">
            {dept.emoji}
          </span>
          <span className="mt-3 font-semibold text-foreground">{t('nav.shopAll', { name: dept.name })}</span>
        </Link>
      </div>
    </div>
  )
}
