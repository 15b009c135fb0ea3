// Rwanda's administrative tree stores provinces by short names ('South', 'Kigali'); people read them in full
// ('Southern Province', 'Kigali City'). Every page that shows a province or an address line uses these.

import { type MessageId, messageId } from './i18n.tsx'

type Translate = (id: MessageId, values?: Record<string, unknown>) => string

const PROVINCES = ['East', 'Kigali', 'North', 'South', 'West'] as const

/** A province's full name in the reader's language; a name the tree does not have is shown as it is. */
export function provinceName(t: Translate, province: string): string {
  return (PROVINCES as readonly string[]).includes(province) ? t(messageId(`place.province.${province}`)) : province
}

/** An address's place from the smallest division up: 'Bibare, Kimironko, Gasabo, Kigali City'. */
export function placeLine(
  t: Translate,
  place: { cell: string; sector: string; district: string; province: string },
): string {
  return [place.cell, place.sector, place.district, provinceName(t, place.province)].join(', ')
}
