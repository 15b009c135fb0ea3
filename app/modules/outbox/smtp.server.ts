/** E-mail through any SMTP server (nodemailer), configured by one URL: smtp://user:pass@host:587 or smtps://…:465. */
import { createHash } from 'node:crypto'
import nodemailer from 'nodemailer'
import { SendError, type Transport } from './outbox.server.ts'

export type SmtpSettings = {
  /** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start); user:pass in the URL. */
  url: string
  /** The From header, e.g. 'Isoko <no-reply@isoko.rw>'. */
  from: string
}

/** The domain of a From address ('Isoko <no-reply@isoko.rw>' → 'isoko.rw'), for Message-IDs. */
function fromDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'isoko.local'
}

export function createSmtpTransport(settings: SmtpSettings): Transport {
  const mailer = nodemailer.createTransport({
    url: settings.url,
    // Bounded, so a send always ends well inside the outbox's claim lease.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  })
  const domain = fromDomain(settings.from)
  return {
    name: 'smtp',
    async send(message) {
      // The same outbox row always gets the same Message-ID, so a rare second send (see deliverPending) can be
      // folded by the recipient's mail client; the content hash keeps ids apart across databases.
      const digest = createHash('sha256')
        .update(`${message.id}\n${message.recipient}\n${message.subject}\n${message.body}`)
        .digest('hex')
        .slice(0, 24)
      try {
        const info = await mailer.sendMail({
          from: settings.from,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          messageId: `<outbox-${message.id}.${digest}@${domain}>`,
        })
        return { providerMessageId: info.messageId }
      } catch (error) {
        const e = error as Error & { code?: string; responseCode?: number }
        // A recipient the server refuses for good (550 no such user, 553 bad address) will not work on a retry;
        // everything else (the server down, 4xx greylisting, a login refused) may.
        const permanent = e.code === 'EENVELOPE' && (e.responseCode ?? 0) >= 500
        throw new SendError(`SMTP: ${e.message}`, permanent)
      }
    },
  }
}
