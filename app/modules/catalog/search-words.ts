/**
 * What a search query means whatever language it is typed in. Categories carry their names in English,
 * Kinyarwanda and French (the `names` of the tree), so "inkweto" finds Shoes and "robe" finds Dresses; the words
 * below are the everyday ones shoppers type that are not a category's name. Matching ignores case and accents
 * ("vetements" is "Vêtements") and the small words of each language ("robe de soirée" looks for robe and soirée).
 */

/** Lower-case, without accents, with one kind of apostrophe: how query words and names are compared. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[’‘`]/g, "'")
}

/** Everyday words → a word of the categories' names that means the same (all folded). */
const SYNONYMS: Record<string, string[]> = {
  // Kinyarwanda
  imyambaro: ['imyenda'],
  ikanzu: ['amakanzu'],
  urukweto: ['inkweto'],
  ipantaro: ['amapantaro'],
  ijipo: ['amajipo'],
  ishati: ['amashati'],
  umupira: ['imipira'],
  igikapu: ['ibikapu'],
  isakoshi: ['ibikapu'],
  umukufi: ['inigi'],
  urunigi: ['inigi'],
  iherena: ['amaherena'],
  impeta: ['impeta'],
  isaha: ['amasaha'],
  amavuta: ['kwita ku ruhu', 'amavuta'],
  imisatsi: ['imisatsi'],
  igitenge: ['ibitenge'],
  rugo: ['rugo'],
  // French
  habits: ['vetements'],
  vetement: ['vetements'],
  habit: ['vetements'],
  robe: ['robes'],
  chaussure: ['chaussures'],
  soulier: ['chaussures'],
  souliers: ['chaussures'],
  sac: ['sacs'],
  bijou: ['bijoux'],
  pantalon: ['pantalons'],
  chemise: ['chemises'],
  jupe: ['jupes'],
  maison: ['maison'],
  cuisine: ['cuisine'],
  beaute: ['beaute'],
  maquillage: ['maquillage'],
  cheveux: ['cheveux', 'capillaires'],
  pagne: ['imprimes africains', 'kitenge'],
  wax: ['imprimes africains'],
}

/** Words too small to look for on their own, in the three languages. */
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'with',
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'l',
  'd',
  'et',
  'en',
  'un',
  'une',
  'a',
  'au',
  'aux',
  'pour',
  'mu',
  'ku',
  'na',
  'n',
  'ya',
  'za',
  'yo',
  'zo',
  'byo',
  'bya',
  'cya',
  'rya',
  'wa',
  'y',
])

/** The words of a query worth looking for (at most six), folded; small words only when nothing else is left. */
export function queryWords(q: string): string[] {
  const words = fold(q)
    .split(/[\s,;:/]+/)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ''))
    .filter(Boolean)
  const big = words.filter((w) => !SMALL_WORDS.has(w) && !/^\w'$/.test(w))
  return (big.length > 0 ? big : words).slice(0, 6)
}

/** Whether a category name (in any language) answers a query word, itself or through an everyday synonym. */
export function nameMatches(name: string, word: string): boolean {
  const folded = fold(name)
  if (folded.includes(word)) return true
  return (SYNONYMS[word] ?? []).some((s) => folded.includes(s))
}

/** The category-name words an everyday word stands for (folded; a phrase has several words), or none. */
export function synonymsOf(word: string): string[] {
  return SYNONYMS[word] ?? []
}
