import { readFileSync } from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { iconElements } from './icon-elements.ts'
import { buildIconSprite } from './icon-sprite.ts'
import { Icon, Star } from './icons.tsx'

test('the sprite served is the one built from the icon definitions (run `npm run icons` after changing them)', () => {
  const served = readFileSync(new URL('./icons.svg', import.meta.url), 'utf8')
  expect(served).toBe(buildIconSprite())
  for (const name of Object.keys(iconElements)) expect(served).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`)
  // Paint comes from the page's <svg>, never from the symbol, so colours and fills follow the text.
  expect(served).not.toMatch(/\s(fill|stroke|stroke-width)=/)
})

test('an icon refers to its symbol in the sprite, with the paint, size and accessibility it had inline', () => {
  const html = renderToStaticMarkup(<Star className="size-4 fill-current" strokeWidth={0} />)
  expect(html).toMatch(/^<svg [^>]*><use href="[^"]*icons[^"#]*#star"><\/use><\/svg>$/)
  // The paint is the stylesheet's `icon` class; a stroke width other than its 2 is the icon's own style.
  expect(html).toContain('class="icon size-4 fill-current"')
  expect(html).toContain('style="stroke-width:0"')
  expect(html).not.toMatch(/\s(fill|stroke|stroke-linecap)=/)
  expect(renderToStaticMarkup(<Star />)).not.toContain('style=')
  expect(html).toContain('aria-hidden="true"')
  expect(html).not.toContain('<path')
  const labelled = renderToStaticMarkup(<Icon name="heart" aria-label="Saved" />)
  expect(labelled).toContain('aria-label="Saved"')
  expect(labelled).toContain('role="img"')
  expect(labelled).not.toContain('aria-hidden')
})
