import { data, redirect } from 'react-router'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import { ApplyStockSchema, StockEditSchema } from '#app/modules/catalog/inventory.schemas.ts'
import { STOCK_CSV_MAX_BYTES } from '#app/modules/catalog/stock-csv.ts'
import { applyStoreStock, previewStoreStock, setStoreVariantStock } from '#app/workflows/inventory.server.ts'

// The inventory page's three forms (quick edit, preview a file, apply it), each a thin step over the inventory
// workflow. The store is the signed-in account's own: no store id is read from the form.

/**
 * The largest body accepted: the file, or its text posted back URL-encoded by Apply (a comma or a line break takes
 * three bytes there) with the preview's "seen" values. The request guards allow as much on this page.
 */
export const STOCK_FORM_MAX_BYTES = STOCK_CSV_MAX_BYTES * 3

/** Where a saved quick edit returns: the same tab, search and page, with the saved row marked. */
function backTo(request: Request, savedVariantId?: number): string {
  const url = new URL(request.url)
  url.searchParams.delete('saved')
  url.searchParams.delete('index')
  if (savedVariantId) url.searchParams.set('saved', String(savedVariantId))
  return `${url.pathname}${url.search}${savedVariantId ? `#variant-${savedVariantId}` : ''}`
}

export async function quickEditStock(ctx: ServiceContext, request: Request, userId: string, form: FormData) {
  const input = { variantId: String(form.get('variantId') ?? ''), stock: String(form.get('stock') ?? '') }
  // Sent back as typed if refused: the two known fields, cut to their length.
  const values = { variantId: input.variantId.slice(0, 20), stock: input.stock.slice(0, 20) }
  const parsed = StockEditSchema.safeParse(input)
  if (!parsed.success) {
    if (!/^\d+$/.test(input.variantId)) notFound()
    return data({ intent: 'stock' as const, error: 'inventory.error.stock', values }, { status: 400 })
  }
  const outcome = await setStoreVariantStock(ctx, { ownerUserId: userId, ...parsed.data })
  if (!outcome.ok && outcome.code === 'not_found') notFound()
  if (!outcome.ok) return data({ intent: 'stock' as const, error: 'inventory.error.stock', values }, { status: 400 })
  return redirect(backTo(request, outcome.variantId))
}

export async function previewStockFile(ctx: ServiceContext, userId: string, form: FormData) {
  const file = form.get('file')
  if (!(file instanceof Blob) || file.size === 0) {
    return data({ intent: 'preview' as const, fileError: { code: 'missing' as const } }, { status: 400 })
  }
  if (file.size > STOCK_CSV_MAX_BYTES) {
    return data({ intent: 'preview' as const, fileError: { code: 'too-large' as const } }, { status: 400 })
  }
  const csv = await file.text()
  const preview = await previewStoreStock(ctx, { ownerUserId: userId, csv })
  if (!preview) throw redirect('/vendor-dashboard')
  if (!preview.ok) return data({ intent: 'preview' as const, fileError: preview }, { status: 400 })
  return data({ intent: 'preview' as const, preview, csv, stale: false })
}

export async function applyStockFile(ctx: ServiceContext, userId: string, form: FormData) {
  const parsed = ApplyStockSchema.safeParse({ csv: form.get('csv'), seen: form.get('seen') })
  if (!parsed.success) {
    return data({ intent: 'preview' as const, fileError: { code: 'missing' as const } }, { status: 400 })
  }
  const outcome = await applyStoreStock(ctx, { ownerUserId: userId, ...parsed.data })
  if (!outcome) throw redirect('/vendor-dashboard')
  if (outcome.ok) {
    const flash = await flashCookie({
      kind: 'success',
      title: 'inventory.toast.applied',
      values: { count: String(outcome.updated) },
    })
    return redirect(`/vendor-dashboard/inventory?updated=${outcome.updated}`, { headers: { 'Set-Cookie': flash } })
  }
  if ('preview' in outcome) {
    const stale = outcome.code === 'stale'
    return data({ intent: 'preview' as const, preview: outcome.preview, csv: parsed.data.csv, stale }, { status: 409 })
  }
  return data({ intent: 'preview' as const, fileError: outcome }, { status: 400 })
}
