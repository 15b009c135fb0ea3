import { and, count, desc, eq, isNull, ne } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { checkValues } from '#app/lib/forms.server.ts'
import { listCells, listDistricts, listProvinces, listSectors } from '#app/modules/places/places.server.ts'
import { type AddressField, type AddressInput, AddressSchema } from './customers.schemas.ts'
import { addresses, customers } from './tables.server.ts'

// A customer's delivery addresses. Every function takes the customer whose addresses they are, and every read or
// change of one address looks it up by its id AND that customer: another customer's address is simply not found.

export type Address = typeof addresses.$inferSelect

/** How many addresses one customer may keep. */
export const MAX_ADDRESSES = 20

export type AddressOutcome =
  | { ok: true; id: number }
  | { ok: false; code: 'invalid'; errors: Partial<Record<AddressField | 'form', string>> }
  | { ok: false; code: 'not_found' }

const notFound = { ok: false, code: 'not_found' } as const

/** Whether a number can be an address's id at all (a positive PostgreSQL integer). */
const isId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647

/** The customer's addresses, the default first, then the newest. */
export async function listAddresses(ctx: ServiceContext, customerId: number): Promise<Address[]> {
  return ctx.db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id))
}

export async function countAddresses(ctx: ServiceContext, customerId: number): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(addresses).where(eq(addresses.customerId, customerId))
  return row?.n ?? 0
}

/** One of the customer's addresses, or null (also when it is another customer's). */
export async function findAddress(ctx: ServiceContext, customerId: number, addressId: number): Promise<Address | null> {
  if (!isId(addressId)) return null
  const [row] = await ctx.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
  return row ?? null
}

/**
 * Which part of a place is not in Rwanda's administrative tree: the first level that does not belong to the one
 * above it gets the message, so the form says which list to choose from again.
 */
export function placeErrors(place: Pick<AddressInput, 'province' | 'district' | 'sector' | 'cell'>) {
  if (!listProvinces().includes(place.province)) return { province: 'customer.address.error.province' }
  if (!listDistricts(place.province).includes(place.district)) return { district: 'customer.address.error.district' }
  if (!listSectors(place.province, place.district).includes(place.sector)) {
    return { sector: 'customer.address.error.sector' }
  }
  if (!listCells(place.province, place.district, place.sector).includes(place.cell)) {
    return { cell: 'customer.address.error.cell' }
  }
  return null
}

/** The form's values checked: the schema's rules (phone in E.164), then the place against the tree. */
function parseAddress(input: Record<string, unknown>) {
  const parsed = checkValues(AddressSchema, input)
  if (!parsed.ok) return { ok: false, code: 'invalid', errors: parsed.errors } as const
  const errors = placeErrors(parsed.data)
  if (errors) return { ok: false, code: 'invalid', errors } as const
  return { ok: true, data: parsed.data } as const
}

function columns(input: AddressInput) {
  const { isDefault: _default, ...rest } = input
  return rest
}

/**
 * Adds an address. The first one is the default; a new one marked default takes over from the old. A customer who
 * has not given a phone number on their profile gets this address's number there, so the profile does not say the
 * phone is missing once they have given one (issue 12).
 */
export async function createAddress(
  ctx: ServiceContext,
  customerId: number,
  input: Record<string, unknown>,
): Promise<AddressOutcome> {
  const parsed = parseAddress(input)
  if (!parsed.ok) return parsed
  return ctx.db.transaction(async (tx) => {
    await lockCustomer({ db: tx }, customerId)
    const existing = await countAddresses({ db: tx }, customerId)
    if (existing >= MAX_ADDRESSES) {
      return { ok: false, code: 'invalid', errors: { form: 'customer.address.error.tooMany' } } as const
    }
    const isDefault = existing === 0 || parsed.data.isDefault
    if (isDefault) await clearDefault({ db: tx }, customerId)
    const [row] = await tx
      .insert(addresses)
      .values({ ...columns(parsed.data), customerId, isDefault })
      .returning({ id: addresses.id })
    await tx
      .update(customers)
      .set({ phone: parsed.data.phone })
      .where(and(eq(customers.id, customerId), isNull(customers.phone)))
    return { ok: true, id: (row as { id: number }).id } as const
  })
}

/**
 * Changes one of the customer's addresses. Marking it default takes the default from the other; the default
 * address stays the default until another is chosen (there is always one while any address exists).
 */
export async function updateAddress(
  ctx: ServiceContext,
  customerId: number,
  addressId: number,
  input: Record<string, unknown>,
): Promise<AddressOutcome> {
  if (!(await findAddress(ctx, customerId, addressId))) return notFound
  const parsed = parseAddress(input)
  if (!parsed.ok) return parsed
  return ctx.db.transaction(async (tx) => {
    await lockCustomer({ db: tx }, customerId)
    const current = await findAddress({ db: tx }, customerId, addressId)
    if (!current) return notFound
    const isDefault = current.isDefault || parsed.data.isDefault
    if (isDefault) await clearDefault({ db: tx }, customerId, addressId)
    await tx
      .update(addresses)
      .set({ ...columns(parsed.data), isDefault })
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
    return { ok: true, id: addressId } as const
  })
}

/** Makes one of the customer's addresses the default. */
export async function setDefaultAddress(
  ctx: ServiceContext,
  customerId: number,
  addressId: number,
): Promise<AddressOutcome> {
  return ctx.db.transaction(async (tx) => {
    await lockCustomer({ db: tx }, customerId)
    if (!(await findAddress({ db: tx }, customerId, addressId))) return notFound
    await clearDefault({ db: tx }, customerId, addressId)
    await tx
      .update(addresses)
      .set({ isDefault: true })
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
    return { ok: true, id: addressId } as const
  })
}

/** Removes one of the customer's addresses; when it was the default, the newest remaining one becomes it. */
export async function deleteAddress(
  ctx: ServiceContext,
  customerId: number,
  addressId: number,
): Promise<AddressOutcome> {
  if (!isId(addressId)) return notFound
  return ctx.db.transaction(async (tx) => {
    await lockCustomer({ db: tx }, customerId)
    const [removed] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
      .returning({ isDefault: addresses.isDefault })
    if (!removed) return notFound
    if (removed.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.customerId, customerId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1)
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id))
    }
    return { ok: true, id: addressId } as const
  })
}

/**
 * Holds the customer's row until the transaction ends, so two changes of one customer's addresses at once take
 * turns (never two defaults, never more than the maximum).
 */
async function lockCustomer(ctx: ServiceContext, customerId: number) {
  await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update')
}

async function clearDefault(ctx: ServiceContext, customerId: number, except?: number) {
  await ctx.db
    .update(addresses)
    .set({ isDefault: false })
    .where(
      except === undefined
        ? and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true))
        : and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true), ne(addresses.id, except)),
    )
}

/**
 * The place pickers for what is chosen so far: each level kept only when it belongs to the one above (so a new
 * province clears the district, sector and cell), and each list given once the level above is chosen.
 */
export function placeChoices(chosen: { province?: string; district?: string; sector?: string; cell?: string }) {
  const provinces = listProvinces()
  const province = chosen.province && provinces.includes(chosen.province) ? chosen.province : ''
  const districts = province ? listDistricts(province) : []
  const district = chosen.district && districts.includes(chosen.district) ? chosen.district : ''
  const sectors = district ? listSectors(province, district) : []
  const sector = chosen.sector && sectors.includes(chosen.sector) ? chosen.sector : ''
  const cells = sector ? listCells(province, district, sector) : []
  const cell = chosen.cell && cells.includes(chosen.cell) ? chosen.cell : ''
  return { place: { province, district, sector, cell }, options: { provinces, districts, sectors, cells } }
}
