import { useLingui } from '@lingui/react'

/** The translate function for components: t('cart.empty.title'), t('products.showing', { shown, total }). */
export function useT() {
  const { i18n } = useLingui()
  return (id: string, values?: Record<string, unknown>) => i18n._(id, values)
}

export function useLocale() {
  return useLingui().i18n.locale
}
