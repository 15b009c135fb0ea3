import type { I18n, Messages } from '@lingui/core'
import { messages as accounts } from '#app/locales/en/accounts.po'
import { messages as admin } from '#app/locales/en/admin.po'
import { messages as analytics } from '#app/locales/en/analytics.po'
import { messages as cart } from '#app/locales/en/cart.po'
import { messages as common } from '#app/locales/en/common.po'
import { messages as customer } from '#app/locales/en/customer.po'
import { messages as fulfilment } from '#app/locales/en/fulfilment.po'
import { messages as help } from '#app/locales/en/help.po'
import { messages as home } from '#app/locales/en/home.po'
import { messages as inventory } from '#app/locales/en/inventory.po'
import { messages as messaging } from '#app/locales/en/messages.po'
import { messages as orders } from '#app/locales/en/orders.po'
import { messages as pages } from '#app/locales/en/pages.po'
import { messages as payouts } from '#app/locales/en/payouts.po'
import { messages as productEditor } from '#app/locales/en/product-editor.po'
import { messages as products } from '#app/locales/en/products.po'
import { messages as reviews } from '#app/locales/en/reviews.po'
import { messages as staffMoney } from '#app/locales/en/staff-money.po'
import { messages as statement } from '#app/locales/en/statement.po'
import { messages as storeMedia } from '#app/locales/en/store-media.po'
import { messages as uploads } from '#app/locales/en/uploads.po'
import { messages as vendor } from '#app/locales/en/vendor.po'
import { messages as vendors } from '#app/locales/en/vendors.po'
import { i18nFromMessages, isLocale, type Locale, negotiateLocale } from './i18n.tsx'

export { isLocale, negotiateLocale }

/** The compiled catalogue of each locale; Kinyarwanda and French join here. */
const catalogues: Record<Locale, Messages> = {
  en: {
    ...common,
    ...home,
    ...products,
    ...vendors,
    ...cart,
    ...help,
    ...pages,
    ...accounts,
    ...vendor,
    ...admin,
    ...customer,
    ...orders,
    ...fulfilment,
    ...reviews,
    ...uploads,
    ...analytics,
    ...inventory,
    ...messaging,
    ...productEditor,
    ...storeMedia,
    ...statement,
    ...staffMoney,
    ...payouts,
  },
}

export function getMessages(locale: Locale): Messages {
  return catalogues[locale]
}

export function createI18n(locale: Locale): I18n {
  return i18nFromMessages(locale, catalogues[locale])
}

/** The translator for a request's language, for loaders, actions and meta on the server. */
export function requestI18n(request: Request): I18n {
  return createI18n(negotiateLocale(request.headers.get('Cookie'), request.headers.get('Accept-Language')))
}
