import type { Messages } from '@lingui/core'
import type { Area, Locale } from '#app/lib/i18n.tsx'
import { withOwnNumbers } from '#app/lib/own-numbers.ts'

// One chunk per language and area, compiled by Lingui's Vite plugin; imported by app/lib/i18n-client.ts only when a
// navigation needs an area the page did not bring.
const chunks = import.meta.glob<{ messages: Messages }>('./*/*.po')

export async function loadCatalogue(locale: Locale, area: Area): Promise<Messages> {
  const load = chunks[`./${locale}/${area}.po`]
  // Rewritten as the server's are (own-numbers.ts): plurals and numbers without an Intl.NumberFormat.
  return load ? withOwnNumbers((await load()).messages) : {}
}
