import path from 'node:path'
import { type Messages, setupI18n } from '@lingui/core'
import type { BrowserContext } from '@playwright/test'
import { readCompiledCatalogues } from '../../app/lib/po-files.server.ts'
import type { MessageId } from '../../app/locales/message-ids.ts'

// What the journeys in Kinyarwanda and French expect to read: the app's own catalogues, compiled as the app
// compiles them, so a journey asserts the words a person sees in their language (not English ids or guesses).

export type Language = 'en' | 'rw' | 'fr'

const modules = readCompiledCatalogues(path.resolve(import.meta.dirname, '../../app/locales'))
const translators = new Map<Language, ReturnType<typeof setupI18n>>()

/** The text of message `id` in `locale`, filled in with `values`, as the page shows it. */
export function say(locale: Language, id: MessageId, values?: Record<string, unknown>): string {
  let i18n = translators.get(locale)
  if (!i18n) {
    const messages: Messages = {}
    for (const [file, module] of Object.entries(modules)) {
      if (file.startsWith(`../locales/${locale}/`)) Object.assign(messages, module.messages)
    }
    i18n = setupI18n({ locale, messages: { [locale]: messages } })
    translators.set(locale, i18n)
  }
  return i18n._(id, values)
}

/** `say` as a pattern that finds the text inside a longer one (a button with an icon and a screen-reader name). */
export function saying(locale: Language, id: MessageId, values?: Record<string, unknown>): RegExp {
  return new RegExp(say(locale, id, values).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
}

/** The browser reads Isoko in `locale` (the cookie the switcher sets). */
export async function readIn(context: BrowserContext, locale: Language, baseURL: string): Promise<void> {
  await context.addCookies([{ name: 'lang', value: locale, url: baseURL }])
}

/** The newest one-time code the SMS simulator received for `phone` (E.164), as its owner reads it. */
export async function codeFromSms(phone: string): Promise<{ code: string; text: string }> {
  const simulator = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}/africastalking/__messages`
  for (let i = 0; i < 60; i++) {
    const answer = (await (await fetch(simulator)).json()) as { messages: { to: string; message: string }[] }
    const sms = answer.messages.filter((m) => m.to === phone).pop()
    const code = sms?.message.match(/\b(\d{6})\b/)?.[1]
    if (sms && code) return { code, text: sms.message }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`No SMS with a code reached ${phone}`)
}

/** A Rwandan MTN number no other journey uses (E.164, as a person types it, and as Isoko shows it). */
export function newPhoneNumber(): { e164: string; typed: string; shown: string } {
  // Never 000405 or 000411: the SMS simulator's numbers that fail on purpose.
  const digits = String(100_000 + Math.floor(Math.random() * 900_000))
  return {
    e164: `+250788${digits}`,
    typed: `0788 ${digits.slice(0, 3)} ${digits.slice(3)}`,
    shown: `+250 788 ${digits.slice(0, 3)} ${digits.slice(3)}`,
  }
}
