import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** axe's serious and critical violations on the page as it is now, each as its rule and first three elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
}
