import { describe, expect, test } from 'vitest'
import { createI18n } from '#app/lib/i18n.server.ts'
import type { MessageId } from '#app/lib/i18n.tsx'
import { listProvinces } from '#app/modules/places/places.server.ts'
import { placeLine, provinceName } from './places.ts'

describe('province names', () => {
  const i18n = createI18n('en')
  const t = (id: MessageId, values?: Record<string, unknown>) => i18n._(id, values)

  test('read in full, as Rwandans write them (issue 12: not "South")', () => {
    expect(provinceName(t, 'South')).toBe('Southern Province')
    expect(provinceName(t, 'North')).toBe('Northern Province')
    expect(provinceName(t, 'East')).toBe('Eastern Province')
    expect(provinceName(t, 'West')).toBe('Western Province')
    expect(provinceName(t, 'Kigali')).toBe('Kigali City')
    expect(placeLine(t, { cell: 'Ruhengeri', sector: 'Muhoza', district: 'Musanze', province: 'North' })).toBe(
      'Ruhengeri, Muhoza, Musanze, Northern Province',
    )
  })

  test('every province of the address tree has a full name, and nothing else is renamed', () => {
    for (const province of listProvinces()) expect(provinceName(t, province)).not.toBe(province)
    expect(provinceName(t, 'Elsewhere')).toBe('Elsewhere')
  })
})
