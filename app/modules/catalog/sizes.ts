/** Letter sizes from the smallest, then numbers by value (shoe sizes, 50 ml), then the rest as written. */
const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', 'XXXL', '3XL', '4XL']

export function sortSizes(sizes: string[]): string[] {
  const rank = (size: string): [number, number, string] => {
    const letter = LETTER_SIZES.indexOf(size.trim().toUpperCase())
    if (letter >= 0) return [0, letter, size]
    const number = Number.parseFloat(size.replace(',', '.'))
    return Number.isFinite(number) ? [1, number, size] : [2, 0, size]
  }
  return [...sizes].sort((a, b) => {
    const [ga, na, sa] = rank(a)
    const [gb, nb, sb] = rank(b)
    return ga - gb || na - nb || sa.localeCompare(sb)
  })
}
