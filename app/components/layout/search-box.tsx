import { lazy, Suspense, useId, useRef, useState } from 'react'
import { Form, useLocation, useSearchParams } from 'react-router'
import { Search } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

/** What the suggestions tell the box: whether their list is open, and which option is chosen by the arrow keys. */
export type SuggestionsState = { open: boolean; active: string | undefined }

// The suggestions' code (fetching, the list, the keys) comes when the visitor first focuses the box: the page's
// first JavaScript stays within its budget (DESIGN.md section 4), and the box is a plain search form until then.
const Suggestions = lazy(() => import('./search-suggestions.tsx'))

/**
 * The header's one search box, at every width: a GET form to /products?q= that works without JavaScript, and a
 * combobox that suggests products and categories while one types (the WAI-ARIA combobox pattern: arrow keys,
 * Enter, Escape, aria-activedescendant).
 */
export function SearchBox({ className }: { className?: string }) {
  const t = useT()
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const input = useRef<HTMLInputElement>(null)
  const listId = useId()
  const [live, setLive] = useState(false)
  const [state, setState] = useState<SuggestionsState>({ open: false, active: undefined })
  // The box shows the listing's search word; a new word from elsewhere (a link, back) replaces what was typed.
  const q = pathname === '/products' ? (params.get('q') ?? '') : ''

  return (
    <Form method="get" action="/products" role="search" className={cn('relative min-w-0', className)}>
      <label htmlFor="header-search" className="sr-only">
        {t('header.search.label')}
      </label>
      <input
        ref={input}
        key={q}
        id="header-search"
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={state.open}
        aria-controls={listId}
        aria-activedescendant={state.open ? state.active : undefined}
        autoComplete="off"
        maxLength={100}
        defaultValue={q}
        onFocus={() => setLive(true)}
        onInput={() => setLive(true)}
        placeholder={t('header.search.placeholder')}
        className="h-10 w-full rounded-full border border-input bg-background pr-11 pl-4 text-base md:text-sm"
      />
      <button
        type="submit"
        className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-primary text-primary-foreground"
      >
        <Search aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('header.search.submit')}</span>
      </button>
      {live ? (
        <Suspense fallback={<div id={listId} hidden />}>
          <Suggestions input={input} listId={listId} onState={setState} />
        </Suspense>
      ) : (
        // aria-controls names an element that is there from the start.
        <div id={listId} hidden />
      )}
    </Form>
  )
}
