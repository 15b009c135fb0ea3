import { Form, Link, useLocation, useNavigation } from 'react-router'
import { variantName } from '#app/components/inventory/inventory-list.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Label } from '#app/components/ui/input.tsx'
import { useT } from '#app/lib/use-t.ts'
import type { StockPreview } from '#app/modules/catalog/inventory.server.ts'
import {
  STOCK_CSV_MAX_BYTES,
  STOCK_CSV_MAX_ROWS,
  STOCK_MAX,
  type StockCsvRefusal,
} from '#app/modules/catalog/stock-csv.ts'

// The inventory page's CSV upload and the preview of what it would change, each a plain post.

function refusalMessage(t: ReturnType<typeof useT>, refusal: StockCsvRefusal | { code: 'missing' | 'too-large' }) {
  if (refusal.code === 'wrong-columns' && 'missing' in refusal) {
    return t('inventory.csv.refused.wrong-columns', { missing: refusal.missing.join(', ') })
  }
  return t(`inventory.csv.refused.${refusal.code}`, {
    line: 'line' in refusal ? refusal.line : '',
    maxMb: STOCK_CSV_MAX_BYTES / 1_000_000,
    maxRows: STOCK_CSV_MAX_ROWS,
  })
}

export function CsvUpload({ fileError }: { fileError?: StockCsvRefusal | { code: 'missing' | 'too-large' } }) {
  const t = useT()
  const busy = useNavigation().formData?.get('intent') === 'preview'
  return (
    <section aria-labelledby="inventory-csv-title" className="mt-6 rounded-lg border border-border bg-card p-4 sm:p-6">
      <h2 id="inventory-csv-title" className="text-lg font-semibold">
        {t('inventory.csv.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {t('inventory.csv.intro', { maxMb: STOCK_CSV_MAX_BYTES / 1_000_000, maxRows: STOCK_CSV_MAX_ROWS })}
      </p>
      <a
        href="/vendor-dashboard/inventory.csv"
        download
        className="mt-2 inline-block text-sm font-medium text-primary underline underline-offset-4"
      >
        {t('inventory.csv.download')}
      </a>
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-2">
        <input type="hidden" name="intent" value="preview" />
        <Label htmlFor="inventory-file">{t('inventory.csv.file')}</Label>
        <input
          id="inventory-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? 'inventory-file-error' : undefined}
          className="block w-full max-w-full text-sm file:mr-3 file:h-10 file:rounded-md file:border file:border-input file:bg-muted file:px-3 file:text-sm file:font-medium"
        />
        <FieldError id="inventory-file-error">{fileError ? refusalMessage(t, fileError) : null}</FieldError>
        <div>
          <Button type="submit" disabled={busy}>
            {t('inventory.csv.preview')}
          </Button>
        </div>
      </Form>
    </section>
  )
}

export function CsvPreview({ preview, csv, stale }: { preview: StockPreview; csv: string; stale: boolean }) {
  const t = useT()
  const { pathname, search } = useLocation()
  const busy = useNavigation().formData?.get('intent') === 'apply'
  const { changes, errors, unchanged } = preview
  const seen = JSON.stringify(changes.map((c) => [c.variantId, c.from]))
  return (
    <>
      <section
        aria-labelledby="inventory-preview-title"
        className="mt-6 rounded-lg border border-primary/40 bg-card p-4 sm:p-6"
      >
        <h2 id="inventory-preview-title" className="text-lg font-semibold">
          {t('inventory.preview.title')}
        </h2>
        {stale ? (
          <p role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t('inventory.preview.stale')}
          </p>
        ) : null}
        {errors.length > 0 ? (
          <div role="alert" className="mt-3 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
            <p className="font-semibold">{t('inventory.preview.errors', { count: errors.length })}</p>
            <ul className="mt-2 grid gap-1">
              {errors.map((e) => (
                <li key={`${e.line}-${e.code}`}>
                  {t('inventory.preview.line', { line: e.line })}{' '}
                  {t(`inventory.csv.error.${e.code}`, { sku: e.sku, firstLine: e.firstLine ?? '', max: STOCK_MAX })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="mt-3 text-sm">{t('inventory.preview.summary', { count: changes.length, unchanged })}</p>
        {changes.length > 0 ? (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('inventory.preview.caption')}</caption>
              <thead className="border-b border-border text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('inventory.column.product')}
                  </th>
                  <th scope="col" className="py-2 font-medium whitespace-nowrap">
                    {t('inventory.preview.stock')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.variantId} className="border-b border-border last:border-0">
                    <td className="py-2 pr-3 align-top">
                      <span className="block font-medium">{c.title}</span>
                      <span className="block text-muted-foreground">
                        {variantName(c) || t('inventory.variant.none')} ·{' '}
                        <span className="font-mono text-xs break-all">{c.sku}</span>
                      </span>
                    </td>
                    <td className="py-2 align-top whitespace-nowrap">
                      {t('inventory.preview.fromTo', { from: c.from, to: c.to })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {errors.length === 0 && changes.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="csv" value={csv} />
              <input type="hidden" name="seen" value={seen} />
              <Button type="submit" disabled={busy}>
                {t('inventory.preview.apply', { count: changes.length })}
              </Button>
            </Form>
          ) : null}
          <Link to={`${pathname}${search}`} className="text-sm font-medium text-primary hover:underline">
            {t('inventory.preview.cancel')}
          </Link>
        </div>
      </section>
      {errors.length > 0 || changes.length === 0 ? <CsvUpload /> : null}
    </>
  )
}
