import { type RefObject, useEffect, useMemo, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { SearchSuggestions } from '#app/routes/api/search-suggestions.ts'
import type { SuggestionsState } from './search-box.tsx'

/** How long typing must pause before the box asks for suggestions. */
const DEBOUNCE_MS = 200

type Option = { key: string; href: string; label: string; detail: string }

/**
 * The search box's suggestions (loaded when the box is first focused): asks /api/search-suggestions once typing
 * pauses, dropping answers to words no longer in the box, and lists categories and products. The focus stays in
 * the box; the arrow keys choose an option (aria-activedescendant), Enter opens it, Escape closes the list.
 */
export default function Suggestions({
  input,
  listId,
  onState,
}: {
  input: RefObject<HTMLInputElement | null>
  listId: string
  onState: (state: SuggestionsState) => void
}) {
  const t = useT()
  const { locale, intlLocale } = useRootData()
  const navigate = useNavigate()
  const { key: locationKey } = useLocation()
  const [found, setFound] = useState<SearchSuggestions | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  const categories: Option[] = useMemo(
    () =>
      (found?.categories ?? []).map((c) => ({
        key: `c-${c.slug}`,
        href: `/products?${new URLSearchParams(c.department ? { subcategory: c.slug } : { category: c.slug })}`,
        label: c.name,
        detail: c.department ? t('header.search.inDepartment', { department: c.department }) : '',
      })),
    [found, t],
  )
  const products: Option[] = useMemo(
    () =>
      (found?.products ?? []).map((p) => ({
        key: `p-${p.slug}`,
        href: `/products/${p.slug}`,
        label: p.title,
        detail: formatRwf(p.price, intlLocale),
      })),
    [found, intlLocale],
  )
  const options = useMemo(() => [...categories, ...products], [categories, products])
  const shown = open && options.length > 0
  const optionId = (i: number) => `${listId}-option-${i}`

  const activeId = shown && active >= 0 ? `${listId}-option-${active}` : undefined
  useEffect(() => {
    onState({ open: shown, active: activeId })
  }, [onState, shown, activeId])

  // Asks for suggestions once typing pauses; a newer word aborts the request for an older one.
  useEffect(() => {
    const box = input.current
    if (!box) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let request: AbortController | undefined
    const lookUp = () => {
      clearTimeout(timer)
      request?.abort()
      const q = box.value.trim()
      if (q.length < 2 || q.length > 100) {
        setFound(null)
        setActive(-1)
        return
      }
      timer = setTimeout(async () => {
        const mine = new AbortController()
        request = mine
        try {
          const response = await fetch(`/api/search-suggestions?${new URLSearchParams({ q, lang: locale })}`, {
            signal: mine.signal,
          })
          if (!response.ok) return
          const body = (await response.json()) as SearchSuggestions
          if (mine.signal.aborted) return
          setFound(body)
          setActive(-1)
          setOpen(document.activeElement === box)
        } catch {
          // Aborted, or the network failed: the box is still a search form.
        }
      }, DEBOUNCE_MS)
    }
    const show = () => setOpen(true)
    const hide = () => setOpen(false)
    box.addEventListener('input', lookUp)
    box.addEventListener('focus', show)
    box.addEventListener('blur', hide)
    // Typed before this code arrived.
    if (document.activeElement === box && box.value.trim().length >= 2) lookUp()
    return () => {
      box.removeEventListener('input', lookUp)
      box.removeEventListener('focus', show)
      box.removeEventListener('blur', hide)
      clearTimeout(timer)
      request?.abort()
    }
  }, [input, locale])

  // The keys of the combobox pattern.
  useEffect(() => {
    const box = input.current
    if (!box) return
    const onKey = (e: KeyboardEvent) => {
      const n = options.length
      if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && n > 0 && !e.altKey) {
        e.preventDefault()
        const step = e.key === 'ArrowDown' ? 1 : -1
        if (!open) {
          setOpen(true)
          setActive(step === 1 ? 0 : n - 1)
          return
        }
        // From the last option down (or the first up) comes back to the box itself (-1).
        setActive((a) => ((a + 1 + step + n + 1) % (n + 1)) - 1)
      } else if (e.key === 'Enter' && open && active >= 0 && options[active]) {
        e.preventDefault()
        choose(options[active].href)
      } else if (e.key === 'Escape' && open && n > 0) {
        e.preventDefault()
        setOpen(false)
        setActive(-1)
      }
    }
    const choose = (href: string) => {
      setOpen(false)
      setActive(-1)
      box.blur()
      void navigate(href)
    }
    box.addEventListener('keydown', onKey)
    return () => box.removeEventListener('keydown', onKey)
  }, [input, options, open, active, navigate])

  // A new page closes the list.
  useEffect(() => {
    if (!locationKey) return
    setOpen(false)
    setActive(-1)
  }, [locationKey])

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' })
  }, [activeId])

  const group = (title: string, list: Option[], offset: number) =>
    list.length > 0 ? (
      // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options, not of form controls
      <div role="group" aria-label={title}>
        <div aria-hidden="true" className="px-3 pt-2 pb-1 text-xs font-semibold text-muted-foreground uppercase">
          {title}
        </div>
        {list.map((o, i) => (
          <Link
            key={o.key}
            id={optionId(offset + i)}
            to={o.href}
            role="option"
            tabIndex={-1}
            aria-selected={active === offset + i}
            onClick={() => {
              setOpen(false)
              setActive(-1)
              input.current?.blur()
            }}
            className={cn(
              'flex items-baseline justify-between gap-3 px-3 py-2 text-sm hover:bg-muted',
              active === offset + i && 'bg-muted',
            )}
          >
            <span className="min-w-0 truncate font-medium">{o.label}</span>
            {o.detail ? <span className="shrink-0 text-xs text-muted-foreground">{o.detail}</span> : null}
          </Link>
        ))}
      </div>
    ) : null

  return (
    <div
      id={listId}
      role="listbox"
      aria-label={t('header.search.suggestions')}
      hidden={!shown}
      // Keeps the focus in the box while an option is clicked.
      onMouseDown={(e) => e.preventDefault()}
      className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-border bg-card py-1 shadow-lg"
    >
      {group(t('header.search.categories'), categories, 0)}
      {group(t('header.search.products'), products, categories.length)}
    </div>
  )
}
