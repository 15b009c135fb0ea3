/**
 * A live figure for the hero, rounded down so it never claims more than is true:
 * 7 → '7', 30 → '30+', 437 → '400+', 1,234 → '1K+', 10,847 → '10K+'.
 */
export function formatStat(n: number): string {
  if (!Number.isFinite(n) || n < 10) return String(Math.max(0, Math.floor(n || 0)))
  if (n < 100) return `${Math.floor(n / 10) * 10}+`
  if (n < 1000) return `${Math.floor(n / 100) * 100}+`
  return `${Math.floor(n / 1000)}K+`
}
