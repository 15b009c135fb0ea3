import { describe, expect, test } from 'vitest'
import { createI18n } from '#app/lib/i18n.server.ts'
import { messageId } from '#app/lib/i18n.tsx'
import { storeSettingsFields } from '#app/modules/vendors/store-settings.schemas.ts'

// The vendor pages build some message ids from values (a status, a field's name): each must have a text.
describe('vendor messages built from values', () => {
  const i18n = createI18n('en')
  const statuses = ['pending', 'approved', 'rejected', 'suspended']
  const ids = [
    ...statuses.flatMap((s) => [`vendor.status.${s}`, `dashboard.vendor.status.${s}`, `vendor.settings.intro.${s}`]),
    ...storeSettingsFields.flatMap((f) => [`vendor.settings.field.${f}`, `vendor.settings.hint.${f}`]),
    ...['products', 'followers', 'orders', 'revenue', 'customers'].map((k) => `vendor.dashboard.figure.${k}`),
    ...['settings', 'addProduct', 'inventory', 'analytics', 'reviews'].map((k) => `vendor.dashboard.tool.${k}`),
    ...['required', 'short', 'long', 'district', 'specialtyLong', 'specialtiesMany'].map(
      (k) => `vendor.settings.error.${k}`,
    ),
  ]

  test('each has an English text', () => {
    expect(ids.filter((id) => i18n._(messageId(id)) === id)).toEqual([])
  })

  test('limits fill the field hints and messages', () => {
    expect(i18n._('vendor.settings.error.long', { max: 80 })).toBe('Please keep this to 80 characters or fewer.')
    expect(i18n._('vendor.settings.hint.specialties', { count: 8, max: 40 })).toContain('at most 8, each up to 40')
  })
})
