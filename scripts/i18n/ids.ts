// Writes app/locales/message-ids.ts, the type of every message id, and app/locales/id-areas.ts, the area of each
// id prefix, from the English catalogues:
//   npx tsx scripts/i18n/ids.ts          (npm run i18n:ids)
// A test (scripts/i18n/catalogues.test.ts) fails when the file is out of date.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { idAreasSource, messageIdsSource } from './catalogues.ts'

const localesDir = path.resolve(import.meta.dirname, '../../app/locales')
writeFileSync(path.join(localesDir, 'message-ids.ts'), messageIdsSource(localesDir))
writeFileSync(path.join(localesDir, 'id-areas.ts'), idAreasSource(localesDir))
console.log('app/locales/message-ids.ts and app/locales/id-areas.ts written')
