import { useCallback } from 'react'
import { type MessageId, useI18n } from '#app/lib/i18n.tsx'

/**
 * The translate function for components: t('cart.empty.title'), t('products.showing', { shown, total }). Ids are
 * typed (app/locales/message-ids.ts): a misspelt id does not compile.
 */
export function useT() {
  const i18n = useI18n()
  // The same function for as long as the language stays: safe in effects' dependency lists.
  return useCallback((id: MessageId, values?: Record<string, unknown>) => i18n._(id, values), [i18n])
}

export function useLocale() {
  return useI18n().locale
}
