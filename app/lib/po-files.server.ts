import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import PO from 'pofile'

/**
 * The catalogues read from `app/locales` and compiled here, for code run outside Vite (the seed, the journeys'
 * fixture service, scripts under tsx), where `.po` files are not modules. The server and the tests get the same
 * catalogues compiled by Lingui's Vite plugin (i18n.server.ts).
 */
export function readCompiledCatalogues(localesDir: string): Record<string, { messages: Messages }> {
  const modules: Record<string, { messages: Messages }> = {}
  for (const locale of readdirSync(localesDir, { withFileTypes: true })) {
    if (!locale.isDirectory()) continue
    for (const file of readdirSync(path.join(localesDir, locale.name))) {
      if (!file.endsWith('.po')) continue
      const po = PO.parse(readFileSync(path.join(localesDir, locale.name, file), 'utf8'))
      const messages: Messages = {}
      for (const item of po.items) messages[item.msgid] = compileMessage(item.msgstr.join(''))
      modules[`../locales/${locale.name}/${file}`] = { messages }
    }
  }
  return modules
}
