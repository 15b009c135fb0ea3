// Prints what a translated catalogue lacks against English:
//   npx tsx scripts/i18n/check.ts            every translated language, every area
//   npx tsx scripts/i18n/check.ts rw cart    one language, some areas
import path from 'node:path'
import { checkLocale, TRANSLATED } from './catalogues.ts'

const localesDir = path.resolve(import.meta.dirname, '../../app/locales')
const [locale, ...areas] = process.argv.slice(2)
const locales = locale ? [locale] : [...TRANSLATED]
const problems = locales
  .flatMap((l) => checkLocale(localesDir, l))
  .filter((p) => areas.length === 0 || areas.includes(p.area))
for (const p of problems) console.log(`${p.locale}/${p.area}.po  ${p.id}: ${p.problem}`)
console.log(problems.length === 0 ? `complete: ${locales.join(', ')}` : `${problems.length} problems`)
process.exit(problems.length === 0 ? 0 : 1)
