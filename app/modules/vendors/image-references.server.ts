import { eq, or } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { vendors } from './tables.server.ts'

/** Whether any store's logo or banner is this stored picture (files are shared by content: see the images module). */
export async function isImageKeyUsedByStores(ctx: ServiceContext, key: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(or(eq(vendors.avatarKey, key), eq(vendors.bannerKey, key)))
    .limit(1)
  return Boolean(row)
}
