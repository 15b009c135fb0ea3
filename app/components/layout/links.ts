/** The id of the 'Choose Your Account Type' popover, which the My Account buttons open without JavaScript. */
export const ACCOUNT_DIALOG_ID = 'account-dialog'

/** The listing of a department, or of one of its groups or items (DESIGN.md section 3, point 8). */
export function categoryHref(department: string, sub?: string) {
  return sub ? `/products?category=${department}&subcategory=${sub}` : `/products?category=${department}`
}

/**
 * The category tree as the storefront's navigation draws it: names in the page's language, slugs for the links,
 * a department's emoji. Every page carries it as data (the mega menu builds its panels from it), so it holds no
 * more than that: not the ids, nor each name in every language.
 */
export type NavCategory = { slug: string; name: string; emoji?: string; children: NavCategory[] }

export function navCategory(node: {
  slug: string
  name: string
  emoji: string | null
  children: Parameters<typeof navCategory>[0][]
}): NavCategory {
  const children = node.children.map(navCategory)
  return node.emoji
    ? { slug: node.slug, name: node.name, emoji: node.emoji, children }
    : { slug: node.slug, name: node.name, children }
}
