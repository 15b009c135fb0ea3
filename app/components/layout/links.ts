/** The id of the 'Choose Your Account Type' popover, which the My Account buttons open without JavaScript. */
export const ACCOUNT_DIALOG_ID = 'account-dialog'

/** The listing of a department, or of one of its groups or items (DESIGN.md section 3, point 8). */
export function categoryHref(department: string, sub?: string) {
  return sub ? `/products?category=${department}&subcategory=${sub}` : `/products?category=${department}`
}

/**
 * The category tree as the storefront's navigation draws it: names in the page's language, slugs for the links,
 * a department's emoji, and children where there are some. Every page carries it as data (the mega menu builds its
 * panels from it), so it holds no more than that: not the ids, nor each name in every language.
 */
export type NavCategory = { slug: string; name: string; emoji?: string; children?: NavCategory[] }

type TreeNode = { slug: string; name: string; emoji: string | null; children: TreeNode[] }

export function navCategory({ slug, name, emoji, children }: TreeNode): NavCategory {
  return {
    slug,
    name,
    ...(emoji ? { emoji } : {}),
    ...(children.length ? { children: children.map(navCategory) } : {}),
  }
}
