// A local SMTP server that accepts every message and hands it over decoded: the journeys' server and the built
// server's tests send real e-mail to it (smtp-server, a development dependency). Plain JavaScript so that the
// journeys' launcher (scripts/e2e-server.mjs) runs it without a TypeScript loader.
import { SMTPServer } from 'smtp-server'

/** Quoted-printable bodies (long lines, `=` in links) decoded, so a reader sees the links as sent. */
export function decodeMessage(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n')
  const decoded = /content-transfer-encoding:\s*quoted-printable/i.test(head)
    ? body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16)))
    : body
  const subject = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? ''
  return { subject, text: Buffer.from(decoded, 'latin1').toString('utf8') }
}

/** Starts the sink on a free loopback port; `onMessage` gets each message's recipients, subject and text. */
export async function startSmtpSink(onMessage) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks = []
      stream.on('data', (c) => chunks.push(c))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        onMessage({ to, ...decodeMessage(Buffer.concat(chunks).toString('latin1')) })
        callback()
      })
    },
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address()
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) }
}
