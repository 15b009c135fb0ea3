import type { ServiceContext } from '#app/lib/context.server.ts'
import { checkValues } from '#app/lib/forms.server.ts'
import { ThreadFormSchema } from './messaging.schemas.ts'
import { type Party, replyToConversation, reportConversation } from './messaging.server.ts'

export type ThreadFormOutcome =
  | { kind: 'invalid'; errors: Record<string, string>; values: Record<string, string> }
  | { kind: 'not_found' }
  | { kind: 'store-unavailable'; values: Record<string, string> }
  | { kind: 'sent' }
  | { kind: 'reported' }

/**
 * The thread page's two forms (reply, report), for the customer's and the store's page alike: parses the post,
 * calls the service for the party from the session, and says what happened. What was typed comes back on a
 * refusal so the form keeps it.
 */
export async function handleThreadForm(
  ctx: ServiceContext,
  input: { party: Party; conversationId: number; senderUserId: string; form: FormData },
): Promise<ThreadFormOutcome> {
  const values = {
    intent: String(input.form.get('intent') ?? ''),
    body: String(input.form.get('body') ?? ''),
    reason: String(input.form.get('reason') ?? ''),
  }
  const parsed = checkValues(ThreadFormSchema, values)
  if (!parsed.ok) return { kind: 'invalid', errors: parsed.errors, values }
  const { party, conversationId } = input
  if (parsed.data.intent === 'reply') {
    const sent = await replyToConversation(ctx, {
      party,
      conversationId,
      body: parsed.data.body,
      senderUserId: input.senderUserId,
    })
    if (sent.ok) return { kind: 'sent' }
    return sent.code === 'not_found' ? { kind: 'not_found' } : { kind: 'store-unavailable', values }
  }
  const reported = await reportConversation(ctx, { party, conversationId, reason: parsed.data.reason })
  return reported.ok ? { kind: 'reported' } : { kind: 'not_found' }
}
