import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'

// The e-mails the journeys' server sent through real SMTP: scripts/e2e-server.mjs runs a local SMTP sink that
// appends each message to DATA_DIR/sent-mail.jsonl (DATA_DIR as playwright.config.ts gives it to the server).
const file = path.resolve(process.env.E2E_DATA_DIR ?? './data/e2e', 'sent-mail.jsonl')

export type SentMail = { to: string[]; subject: string; text: string }

function sentTo(address: string): SentMail[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SentMail)
    .filter((m) => m.to.includes(address.toLowerCase()))
}

/** The first link matching `pattern` in the newest e-mail to `address` that has one, waiting for the outbox. */
export async function linkFromMail(address: string, pattern: RegExp): Promise<string> {
  let link: string | undefined
  await expect
    .poll(
      () => {
        for (const mail of sentTo(address).reverse()) {
          const match = mail.text.match(pattern)
          if (match) {
            link = match[0]
            return true
          }
        }
        return false
      },
      { message: `an e-mail to ${address} with a link`, timeout: 15_000 },
    )
    .toBe(true)
  // The link names the public URL: keep its path and query, on this server.
  const url = new URL(link as string)
  return `${url.pathname}${url.search}`
}
