import type { Faker } from '@faker-js/faker'
import type { CreateCustomerInput } from '#app/modules/customers/customers.server.ts'
import { FIRST_NAMES_FEMALE, FIRST_NAMES_MALE, LAST_NAMES } from './names.ts'

/** 'Aimée' → 'aimee', 'Jean Bosco' → 'jeanbosco': the ASCII part of an e-mail address. */
export function emailPart(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
}

/** A Rwandan customer; the e-mail is on example.com and made unique by `n`. */
export function fakeCustomer(
  faker: Faker,
  n: number,
  overrides: Partial<CreateCustomerInput> = {},
): CreateCustomerInput {
  const firstName = faker.helpers.arrayElement(faker.datatype.boolean() ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE)
  const lastName = faker.helpers.arrayElement(LAST_NAMES)
  return {
    firstName,
    lastName,
    email: `${emailPart(firstName)}.${emailPart(lastName)}${n}@example.com`,
    ...overrides,
  }
}

/** A Rwandan mobile number in E.164: MTN (078, 079) or Airtel (072, 073). */
export function fakeRwandanPhone(faker: Faker): string {
  const prefix = faker.helpers.arrayElement(['78', '78', '79', '72', '73'])
  return `+250${prefix}${faker.string.numeric(7)}`
}
