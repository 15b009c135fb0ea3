import type { Messages } from '@lingui/core'
import type { Area, Locale } from '#app/lib/i18n.tsx'

// One chunk per language and area, compiled by Lingui's Vite plugin; imported by app/lib/i18n-client.ts only when a
// navigation needs an area the page did not bring.
const chunks = import.meta.glob<{ messages: Messages }>('./*/*.po')

export async function loadCatalogue(locale: Locale, area: Area): Promise<Messages> {
  const load = chunks[`./${locale}/${area}.po`]
  return load ? (await load()).messages : {}
}
