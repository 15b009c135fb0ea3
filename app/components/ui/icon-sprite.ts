import { type IconElement, iconElements } from './icon-elements.ts'

function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
}

function element([tag, attributes]: IconElement): string {
  const list = Object.entries(attributes).map(([name, value]) => ` ${name}="${attribute(value)}"`)
  return `<${tag}${list.join('')}/>`
}

/**
 * The SVG sprite of every icon: one <symbol> each, named as <Icon name> names it. The symbols set no paint
 * (fill, stroke, stroke width): those come from the <svg> that shows the icon, through <use>, so `currentColor`,
 * a filled star or a thinner stroke work as they did inline.
 */
export function buildIconSprite(): string {
  const symbols = Object.entries(iconElements).map(
    ([name, elements]) =>
      `<symbol id="${name}" viewBox="0 0 24 24">${(elements as IconElement[]).map(element).join('')}</symbol>`,
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">\n${symbols.join('\n')}\n</svg>\n`
}
