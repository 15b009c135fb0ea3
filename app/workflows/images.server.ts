import { is } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { isImageKeyUsedByProducts } from '#app/modules/catalog/image-references.server.ts'
import { deleteImagesNotInUse, type StoreImageOptions } from '#app/modules/images/images.server.ts'
import { isImageKeyUsedByReturns } from '#app/modules/returns/returns.server.ts'
import { isImageKeyUsedByStores } from '#app/modules/vendors/image-references.server.ts'

// Stored pictures are named by content, so one file set may serve several rows: product photos (catalog), store
// logos and banners (vendors), the seed's artwork. Its files may go only when no row of any module names the key:
// each module that holds image keys answers for its own tables here. A new column holding image keys must be
// asked here too, or its pictures could be deleted while shown.

/** Whether any row still names this stored picture: a product photo, a store logo or banner, a return's photo. */
export async function isImageKeyInUse(ctx: ServiceContext, key: string): Promise<boolean> {
  return (
    (await isImageKeyUsedByProducts(ctx, key)) ||
    (await isImageKeyUsedByStores(ctx, key)) ||
    (await isImageKeyUsedByReturns(ctx, key))
  )
}

/**
 * Deletes the files of the pictures that no row names any more (a refused upload, a deleted photo, a replaced
 * logo), and returns their keys. Call it after the transaction that let go of them has committed. Given an open
 * transaction, it deletes nothing: the commit is not ours to see, and a rollback would bring back rows without
 * their files (a leftover file is harmless; a missing one is a broken picture).
 *
 * Known gap: the same picture uploaded at the same moment elsewhere (identical bytes, so the same key) may be
 * stored by that request between this check and the deletion; its row would then name missing files.
 */
export async function deleteUnusedImages(
  ctx: ServiceContext,
  keys: Iterable<string>,
  options: Pick<StoreImageOptions, 'dir' | 'storage'> = {},
): Promise<string[]> {
  if (is(ctx.db, PgTransaction)) return []
  return deleteImagesNotInUse(keys, (key) => isImageKeyInUse(ctx, key), options)
}
