import type { ServiceContext } from '#app/lib/context.server.ts'
import { createI18n, type Translator } from '#app/lib/i18n.server.ts'
import { defaultLocale, intlLocale, type Locale } from '#app/lib/i18n.tsx'
import { formatRwf } from '#app/lib/money.ts'
import { findAccountLocale } from '#app/modules/accounts/accounts.server.ts'

/**
 * How a message to one person is written: in their language (the one their account keeps, English for people
 * without an account), with amounts as that language writes them. E-mails and SMS are written with it.
 */
export type Voice = { locale: Locale; i18n: Translator; money: (amount: number) => string }

export function voiceIn(locale: Locale): Voice {
  return { locale, i18n: createI18n(locale), money: (amount) => formatRwf(amount, intlLocale[locale]) }
}

/** The voice of an account's messages; English for none (a seeded shopper, a store without an owner). */
export async function voiceOf(ctx: ServiceContext, userId: string | null | undefined): Promise<Voice> {
  return voiceIn(userId ? await findAccountLocale(ctx, userId) : defaultLocale)
}
