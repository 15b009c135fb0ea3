import { data } from 'react-router'
import { z } from 'zod'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestLocale } from '#app/lib/i18n.server.ts'
import { type SearchSuggestions as Found, suggestSearch } from '#app/modules/catalog/catalog.server.ts'
import type { Route } from './+types/search-suggestions'

/** What was typed: trimmed, 2 to 100 characters. */
const SuggestQuerySchema = z.string().trim().min(2).max(100)

/** Suggestions a query gets at most, products and categories each. */
const LIMIT = 6

/**
 * The header search box's suggestions while someone types: products and categories whose names hold the words,
 * as JSON. The same answer suits every visitor of a language (the box sends `lang`, which the URL then carries), so
 * a shared cache may keep it a minute; without `lang` the language comes from the cookie or Accept-Language.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const parsed = SuggestQuerySchema.safeParse(url.searchParams.get('q') ?? '')
  if (!parsed.success) {
    return data({ error: 'q must be 2 to 100 characters' }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
  }
  const byUrl = url.searchParams.has('lang')
  const found = await suggestSearch(serviceContextOf(context), parsed.data, requestLocale(request), LIMIT)
  return data(
    { q: parsed.data, ...found },
    {
      headers: {
        'Cache-Control': byUrl ? 'public, max-age=60, s-maxage=300, stale-while-revalidate=600' : 'private, max-age=60',
        ...(byUrl ? {} : { Vary: 'Cookie, Accept-Language' }),
      },
    },
  )
}

/** The answer: what was looked up (trimmed), and what the catalogue suggests for it. */
export type SearchSuggestions = { q: string } & Found
