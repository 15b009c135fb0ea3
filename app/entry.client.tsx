import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import {
  I18N_SCRIPT_ID,
  I18nProvider,
  i18nFromMessages,
  isLocale,
  MessagesJsonContext,
  type PageMessages,
} from '#app/lib/i18n.tsx'
import { startPageMessages } from '#app/lib/i18n-client.ts'
import { watchTypedText } from '#app/lib/typed-before-hydration.ts'

// The page's messages come with the document as JSON (see MessagesScript); read them before hydrating.
const json = document.getElementById(I18N_SCRIPT_ID)?.textContent ?? '{}'
const page = JSON.parse(json) as Partial<PageMessages>
const locale = isLocale(page.locale) ? page.locale : 'en'
const i18n = i18nFromMessages(locale, page.messages ?? {}, (_, id) => {
  // Only a route that forgot an area in its handle gets here (the server's render would have failed first).
  console.error(`Missing message '${id}': name its area in the route's handle.i18n`)
  return id
})
startPageMessages(i18n, locale, page.areas ?? [])
// Text typed before the page runs survives hydration (root.tsx puts it back).
watchTypedText()

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <MessagesJsonContext.Provider value={{ locale, json }}>
        <I18nProvider i18n={i18n}>
          <HydratedRouter />
        </I18nProvider>
      </MessagesJsonContext.Provider>
    </StrictMode>,
  )
})
