import { eq } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { productImages } from './tables.server.ts'

/** Whether any product photo names this stored picture (files are shared by content: see the images module). */
export async function isImageKeyUsedByProducts(ctx: ServiceContext, key: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.imageKey, key))
    .limit(1)
  return Boolean(row)
}
