/** The id of the 'Choose Your Account Type' popover, which the My Account buttons open without JavaScript. */
export const ACCOUNT_DIALOG_ID = 'account-dialog'

/** The listing of a department, or of one of its groups or items (DESIGN.md section 3, point 8). */
export function categoryHref(department: string, sub?: string) {
  return sub ? `/products?category=${department}&subcategory=${sub}` : `/products?category=${department}`
}
