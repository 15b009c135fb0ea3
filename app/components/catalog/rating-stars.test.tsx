import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { createI18n } from '#app/lib/i18n.server.ts'
import { I18nProvider } from '#app/lib/i18n.tsx'
import { RatingStars, type RatingStarsProps } from './rating-stars.tsx'

function text(props: RatingStarsProps): string {
  const html = renderToStaticMarkup(
    <I18nProvider i18n={createI18n('en')}>
      <RatingStars {...props} />
    </I18nProvider>,
  )
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

describe('rating stars', () => {
  test("one review's stars tell its rating and no review count (issue 12: 'Rated 5.0 out of 5, 0 reviews')", () => {
    const read = text({ rating: 5 })
    expect(read).toContain('Rated 5 out of 5')
    expect(read).not.toMatch(/review/i)
    expect(read).not.toContain('(0)')
  })

  test('an average tells how many reviews it is made of', () => {
    expect(text({ rating: 4.25, reviewCount: 1 })).toContain('Rated 4.3 out of 5, 1 review')
    expect(text({ rating: 4, reviewCount: 12 })).toContain('Rated 4.0 out of 5, 12 reviews')
    expect(text({ rating: null, reviewCount: 0 })).toBe('No reviews yet')
  })
})
