import type { LinguiConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

// Catalogues are written with explicit message ids (no macros): the components call i18n._('id').
// English is the source; Kinyarwanda and French carry the same ids (docs/i18n.md).
const config: LinguiConfig = {
  locales: ['en', 'rw', 'fr'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  // One catalogue file per area of the site, so that people can work on areas side by side.
  catalogs: [
    { path: '<rootDir>/app/locales/{locale}/common', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/home', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/products', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/vendors', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/cart', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/help', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/pages', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/accounts', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/vendor', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/admin', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/customer', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/orders', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/fulfilment', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/reviews', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/uploads', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/analytics', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/inventory', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/messages', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/product-editor', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/statement', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/store-media', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/staff-money', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/payouts', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/returns', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/support', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/product-import', include: ['app'] },
    { path: '<rootDir>/app/locales/{locale}/vendor-workspace', include: ['app'] },
  ],
  // Every msgid in our catalogues is an explicit id, not an English source text.
  format: formatter({ explicitIdAsDefault: true }),
}
export default config
