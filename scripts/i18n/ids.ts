// Writes app/locales/message-ids.ts, the type of every message id, from the English catalogues:
//   npx tsx scripts/i18n/ids.ts          (npm run i18n:ids)
// A test (scripts/i18n/catalogues.test.ts) fails when the file is out of date.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { messageIdsSource } from './catalogues.ts'

const localesDir = path.resolve(import.meta.dirname, '../../app/locales')
writeFileSync(path.join(localesDir, 'message-ids.ts'), messageIdsSource(localesDir))
console.log('app/locales/message-ids.ts written')
