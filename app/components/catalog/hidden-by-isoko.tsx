import { useT } from '#app/lib/use-t.ts'

/**
 * "Hidden by Isoko: <reason>": what a vendor reads on a product that staff hid (its editor, its row in the products
 * list). The product is not on sale whatever its status until staff show it again. Messages: product-editor area.
 */
export function HiddenByIsoko({ reason, className }: { reason: string; className?: string }) {
  const t = useT()
  return (
    <div
      role="note"
      className={`rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 ${className ?? ''}`}
    >
      <p className="font-semibold break-words">{t('productEditor.hidden.notice', { reason })}</p>
      <p className="mt-1">{t('productEditor.hidden.help')}</p>
    </div>
  )
}
