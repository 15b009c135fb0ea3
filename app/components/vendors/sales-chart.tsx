import { useMemo } from 'react'
import { dateFormat } from '#app/components/date-format.ts'
import { numberFormat } from '#app/lib/format.ts'
import { formatRwf, formatRwfCompact } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

// The analytics page's chart: revenue per day as bars, orders per day as a line with dots, drawn on the server as
// inline SVG. The SVG has no viewBox: its parts are placed in percentages of the plot, so it takes the width it is
// given without stretching its text, and the axis labels sit in the padding around the plot. People using a
// screen reader get a one-sentence summary (role="img") and the same numbers as a table below.

export type ChartDay = { date: string; revenue: number; orders: number }

/** The smallest 1, 2 or 5 times a power of ten at or above `n` (at least `floor`). */
export function niceCeiling(n: number, floor = 1): number {
  if (n <= floor) return floor
  const power = 10 ** Math.floor(Math.log10(n))
  const step = [1, 2, 5, 10].find((s) => s * power >= n) ?? 10
  return step * power
}

/** A calendar day `YYYY-MM-DD` as a Date that formats as that day in UTC. */
function day(date: string): Date {
  return new Date(`${date}T00:00:00Z`)
}

/** Up to `count` evenly spread indexes of `length` items, always the first and the last. */
export function tickIndexes(length: number, count: number): number[] {
  if (length <= count) return Array.from({ length }, (_, i) => i)
  return Array.from({ length: count }, (_, i) => Math.round((i * (length - 1)) / (count - 1)))
}

const pct = (n: number) => `${Math.round(n * 1000) / 1000}%`

export function SalesChart({ daily, className }: { daily: ChartDay[]; className?: string }) {
  const t = useT()
  const { intlLocale } = useRootData()
  const formats = useMemo(
    () => ({
      short: dateFormat(intlLocale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      long: dateFormat(intlLocale, { dateStyle: 'medium', timeZone: 'UTC' }),
      number: numberFormat(intlLocale),
    }),
    [intlLocale],
  )
  const first = daily[0]
  const last = daily.at(-1)
  if (!first || !last) return null

  const revenueMax = niceCeiling(Math.max(...daily.map((d) => d.revenue)), 1000)
  const ordersMax = niceCeiling(Math.max(...daily.map((d) => d.orders)), 1)
  const totalRevenue = daily.reduce((s, d) => s + d.revenue, 0)
  const totalOrders = daily.reduce((s, d) => s + d.orders, 0)
  const best = daily.reduce((b, d) => (d.revenue > b.revenue ? d : b), first)
  const slot = 100 / daily.length
  const barWidth = slot * (daily.length > 31 ? 0.8 : 0.6)
  const x = (i: number) => slot * i + slot / 2
  const yOrders = (n: number) => 100 - (n / ordersMax) * 100
  const dots = daily.length <= 31

  const summary = t(totalOrders === 0 ? 'analytics.chart.summaryEmpty' : 'analytics.chart.summary', {
    from: formats.long.format(day(first.date)),
    to: formats.long.format(day(last.date)),
    revenue: formatRwf(totalRevenue, intlLocale),
    orders: totalOrders,
    bestDay: formats.long.format(day(best.date)),
    bestRevenue: formatRwf(best.revenue, intlLocale),
  })

  return (
    <figure className={cn('min-w-0', className)}>
      <div className="pt-2 pr-8 pb-7 pl-14">
        <svg
          role="img"
          aria-label={summary}
          width="100%"
          height="220"
          overflow="visible"
          className="block overflow-visible text-[11px]"
        >
          {/* Grid lines and the revenue axis (left). */}
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line
                x1="0"
                x2="100%"
                y1={pct(100 - f * 100)}
                y2={pct(100 - f * 100)}
                className="stroke-border"
                strokeDasharray={f === 0 ? undefined : '3 3'}
              />
              <text
                x="-6"
                y={pct(100 - f * 100)}
                dy="0.32em"
                textAnchor="end"
                className="fill-muted-foreground tabular-nums"
              >
                {formatRwfCompact(revenueMax * f, intlLocale)}
              </text>
            </g>
          ))}
          {/* The orders axis (right). */}
          {[0, 1].map((f) => (
            <text key={f} x="100%" dx="6" y={pct(100 - f * 100)} dy="0.32em" className="fill-amber-700 tabular-nums">
              {formats.number.format(ordersMax * f)}
            </text>
          ))}
          {daily.map((d, i) =>
            d.revenue > 0 ? (
              <rect
                key={d.date}
                x={pct(x(i) - barWidth / 2)}
                width={pct(barWidth)}
                y={pct(100 - (d.revenue / revenueMax) * 100)}
                height={pct((d.revenue / revenueMax) * 100)}
                rx="1.5"
                className="fill-primary/70"
              />
            ) : null,
          )}
          {daily.slice(1).map((d, i) => (
            <line
              key={d.date}
              x1={pct(x(i))}
              y1={pct(yOrders(daily[i]?.orders ?? 0))}
              x2={pct(x(i + 1))}
              y2={pct(yOrders(d.orders))}
              strokeWidth="2"
              strokeLinecap="round"
              className="stroke-amber-600"
            />
          ))}
          {/* Dots on each day, but not on a phone's 30 days, where they would touch. */}
          {dots ? (
            <g className={daily.length > 7 ? 'max-sm:hidden' : undefined}>
              {daily.map((d, i) => (
                <circle
                  key={d.date}
                  cx={pct(x(i))}
                  cy={pct(yOrders(d.orders))}
                  r={daily.length <= 7 ? 3.5 : 2}
                  className="fill-card stroke-amber-600"
                  strokeWidth="2"
                />
              ))}
            </g>
          ) : null}
          {/* Dates along the bottom: three on a phone, more from the sm breakpoint (CSS display works in SVG). */}
          {[
            { ticks: tickIndexes(daily.length, 3), className: 'sm:hidden' },
            { ticks: tickIndexes(daily.length, daily.length <= 7 ? 7 : 6), className: 'hidden sm:inline' },
          ].map(({ ticks, className }) => (
            <g key={className} className={className}>
              {ticks.map((i, n) => (
                <text
                  key={i}
                  x={pct(x(i))}
                  y="100%"
                  dy="18"
                  textAnchor={n === 0 ? 'start' : n === ticks.length - 1 ? 'end' : 'middle'}
                  className="fill-muted-foreground"
                >
                  {formats.short.format(day(daily[i]?.date ?? first.date))}
                </text>
              ))}
            </g>
          ))}
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary/70" />
          {t('analytics.chart.legendRevenue')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-amber-600" />
          {t('analytics.chart.legendOrders')}
        </span>
      </figcaption>

      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-primary hover:underline">
          {t('analytics.chart.showTable')}
        </summary>
        <div className="mt-2 max-h-80 overflow-y-auto rounded-md border border-border">
          <table className="w-full text-left">
            <caption className="sr-only">{summary}</caption>
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('analytics.chart.day')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('analytics.chart.legendRevenue')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('analytics.chart.legendOrders')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {daily.map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    <time dateTime={d.date}>{formats.long.format(day(d.date))}</time>
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatRwf(d.revenue, intlLocale)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formats.number.format(d.orders)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}

/** Lucide's chart-column outline, for the links to the analytics page. */
export function ChartIcon(props: React.ComponentProps<'svg'>) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative, hidden from assistive technology unless the caller labels it
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={props['aria-label'] ? undefined : true}
      {...props}
    >
      <path d="M3 3v16a2 2 0 0 0 2 2h16" />
      <path d="M18 17V9" />
      <path d="M13 17V5" />
      <path d="M8 17v-3" />
    </svg>
  )
}
