import { cn } from '#app/lib/utils.ts'

/**
 * The console's tables: a real table from tablet width; on a phone each row stacks its cells, each with its
 * column's name, so that nothing scrolls sideways at 360 px.
 */
export function AdminTable({
  caption,
  columns,
  sort,
  children,
}: {
  caption: string
  columns: React.ReactNode[]
  /** The column the rows are sorted by, and which way (its header carries `aria-sort`). */
  sort?: { column: number; direction: 'ascending' | 'descending' }
  children: React.ReactNode
}) {
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-muted text-xs text-muted-foreground uppercase md:table-header-group">
          <tr>
            {columns.map((c, i) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
                key={i}
                scope="col"
                className="px-3 py-2 font-semibold"
                aria-sort={sort?.column === i ? sort.direction : undefined}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

export function AdminRow({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <tr className={cn('grid gap-1 border-t border-border p-3 first:border-t-0 md:table-row md:p-0', className)}>
      {children}
    </tr>
  )
}

/** A cell; `label` names its column on a phone, where the table's head is not shown. */
export function AdminCell({
  label,
  children,
  className,
}: {
  label?: string
  children: React.ReactNode
  className?: string
}) {
  return (
    <td className={cn('min-w-0 align-top md:px-3 md:py-2', className)}>
      {label ? <span className="text-muted-foreground md:hidden">{label}: </span> : null}
      {children}
    </td>
  )
}
