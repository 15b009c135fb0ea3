import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { I18N_SCRIPT_ID, I18nProvider, i18nFromMessages, isLocale, MessagesJsonContext } from '#app/lib/i18n.tsx'

// The catalogue comes with the document as JSON (see MessagesScript); read it before hydrating.
const json = document.getElementById(I18N_SCRIPT_ID)?.textContent ?? '{}'
const lang = document.documentElement.lang
const locale = isLocale(lang) ? lang : 'en'
const i18n = i18nFromMessages(locale, JSON.parse(json))

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
