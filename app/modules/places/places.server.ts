import { Cells, Districts, Provinces, Sectors } from 'rwanda'

// Rwanda's administrative tree (province, district, sector, cell) from the maintained `rwanda` package, which
// follows NISR's divisions; addresses and vendor districts are checked against it, never typed in by hand.

const sorted = (names: string[] | undefined) => (names ?? []).slice().sort((a, b) => a.localeCompare(b))

export function listProvinces(): string[] {
  return sorted(Provinces())
}

export function listDistricts(province?: string): string[] {
  return sorted(province ? Districts(province) : Districts())
}

export function listSectors(province: string, district: string): string[] {
  return sorted(Sectors(province, district))
}

export function listCells(province: string, district: string, sector: string): string[] {
  return sorted(Cells(province, district, sector))
}

/** Whether the four names make one place in the tree (case as the tree spells them). */
export function isPlace(place: { province: string; district: string; sector: string; cell: string }): boolean {
  return listCells(place.province, place.district, place.sector).includes(place.cell)
}

/** Whether a district exists (a vendor's application). */
export function isDistrict(name: string): boolean {
  return listDistricts().includes(name)
}
