import type { Faker } from '@faker-js/faker'
import type { VendorPolicies } from '#app/modules/vendors/tables.server.ts'
import type { CreateVendorInput } from '#app/modules/vendors/vendors-admin.server.ts'
import { slugify } from '#db/seed/catalogue.ts'
import { fakeRwandanPhone } from './customers.ts'

// Stores' own words, within Isoko's rules: returns asked for within the platform's window (RETURN_WINDOW_DAYS, 7 by
// default), delivery by Isoko at the fees checkout quotes. As many of each as before: the faker sequence, and so
// the demo catalogue, stays the same.
const RETURNS = [
  'Returns within 7 days of delivery on unworn items with their tags.',
  'Exchanges or refunds within 7 days of delivery; faulty items always replaced.',
  'Returns accepted within 7 days of delivery in the original packaging.',
  'Made-to-measure items are altered rather than returned; everything else within 7 days of delivery.',
]
const SHIPPING = [
  'Delivered in Kigali within 1-2 business days; 2-4 days elsewhere in Rwanda.',
  'Ships the next business day anywhere in Rwanda. Same-day express in Kigali.',
  'Standard delivery across Rwanda; express the same day in Kigali.',
]
const WARRANTY = [
  'Six months against defects in stitching and materials.',
  'One year on workmanship; free repairs in our workshop.',
  'Guaranteed authentic; faulty items replaced.',
  'No warranty on consumables; sealed products replaced if damaged on arrival.',
]
// Four, as before the list became keys (the faker sequence, and so the demo catalogue, stays the same).
const RESPONSE_TIMES = ['hour', 'hours', 'hours', 'day']
/** Opening hours in minutes after midnight, Kigali time. */
const HOURS: [number, number][] = [
  [480, 1140],
  [450, 1080],
  [540, 1200],
  [510, 1170],
  [420, 1260],
]

export type FakeVendorOptions = {
  name: string
  ownerName: string
  district: string
  city: string
  address: string
  departments: string[]
  specialties: string[]
  description: string
  about: string
  avatarColours: [string, string]
  joinedAt: Date
}

/** A store's contact details, policies and hours around what the caller knows of it. */
export function fakeVendor(
  faker: Faker,
  o: FakeVendorOptions,
  overrides: Partial<CreateVendorInput> = {},
): CreateVendorInput {
  const slug = slugify(o.name)
  const policies: VendorPolicies = {
    returns: faker.helpers.arrayElement(RETURNS),
    shipping: faker.helpers.arrayElement(SHIPPING),
    warranty: faker.helpers.arrayElement(WARRANTY),
  }
  const [opensAt, closesAt] = faker.helpers.arrayElement(HOURS)
  return {
    name: o.name,
    slug,
    ownerName: o.ownerName,
    email: `hello@${slug.replaceAll('-', '')}.example.com`,
    phone: fakeRwandanPhone(faker),
    description: o.description,
    about: o.about,
    businessAddress: `${o.address}, ${o.city}`,
    district: o.district,
    city: o.city,
    categories: o.departments,
    specialties: o.specialties,
    policies,
    responseTime: faker.helpers.arrayElement(RESPONSE_TIMES),
    verified: false,
    status: 'approved',
    opensAt,
    closesAt,
    avatarColours: o.avatarColours,
    featuredScore: faker.number.int({ min: 0, max: 100 }),
    joinedAt: o.joinedAt,
    ...overrides,
  }
}
