// Every module's tables, for drizzle-kit and for the typed database handle.
export * from '#app/modules/accounts/tables.server.ts'
export * from '#app/modules/cart/tables.server.ts'
export * from '#app/modules/catalog/tables.server.ts'
export * from '#app/modules/customers/tables.server.ts'
export * from '#app/modules/outbox/tables.server.ts'
export * from '#app/modules/support/tables.server.ts'
export * from '#app/modules/vendors/tables.server.ts'
