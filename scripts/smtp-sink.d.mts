export type SinkMessage = { to: string[]; subject: string; text: string }
export function decodeMessage(raw: string): { subject: string; text: string }
export function startSmtpSink(
  onMessage: (message: SinkMessage) => void,
): Promise<{ url: string; close(): Promise<void> }>
