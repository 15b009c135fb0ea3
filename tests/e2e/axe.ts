import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * axe's serious and critical violations on the page as it is now, each as its rule and first three elements.
 * Legacy mode runs axe once in the page (the default runs it per frame, then opens a blank page to put the frames'
 * results together: Isoko's pages have no frames), and only violations are returned (not every passing node):
 * the same violations, in about 40% of the time.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze()
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
