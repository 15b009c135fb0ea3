import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { listStaffRecipients } from '#app/modules/accounts/accounts.server.ts'
import { findProductOwner } from '#app/modules/catalog/stock.server.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { findVendorContact } from '#app/modules/vendors/vendors.server.ts'
import { voiceIn, voiceOf } from './recipients.server.ts'

// Messages to vendors and to staff that are not about one order (issue 13): a new review of a store's product,
// a store's application received (to the applicant, and to staff, who review it). Through the outbox, each in its
// reader's language (the store owner's account, each staff member's).

/** Tells the store whose product was reviewed: the rating, and where to read and answer it. */
export async function notifyVendorOfReview(
  ctx: ServiceContext,
  input: { productId: number; rating: number },
): Promise<void> {
  const product = await findProductOwner(ctx, input.productId)
  const contact = product ? await findVendorContact(ctx, product.vendorId) : null
  if (!product || !contact) return
  const { i18n } = await voiceOf(ctx, contact.ownerUserId)
  const values = {
    store: contact.name,
    product: product.title,
    rating: input.rating,
    link: `${getEnv().PUBLIC_URL}/vendor-dashboard/reviews`,
  }
  await enqueueMessage(ctx, {
    channel: 'email',
    recipient: contact.email,
    subject: i18n._('vendor.notice.review.subject', values),
    body: i18n._('vendor.notice.review.body', values),
  })
  await enqueueMessage(ctx, {
    channel: 'sms',
    recipient: contact.phone,
    subject: i18n._('vendor.notice.review.subject', values),
    body: i18n._('vendor.notice.review.sms', values),
  })
}

/** A store applied: the applicant is told it was received, and staff that it waits for their review. */
export async function notifyApplicationReceived(ctx: ServiceContext, vendorId: number): Promise<void> {
  const contact = await findVendorContact(ctx, vendorId)
  if (!contact) return
  const { i18n } = await voiceOf(ctx, contact.ownerUserId)
  const values = {
    store: contact.name,
    email: contact.email,
    link: `${getEnv().PUBLIC_URL}/vendor-dashboard`,
    adminLink: `${getEnv().PUBLIC_URL}/admin?status=pending`,
  }
  await enqueueMessage(ctx, {
    channel: 'email',
    recipient: contact.email,
    subject: i18n._('vendor.notice.applied.subject', values),
    body: i18n._('vendor.notice.applied.body', values),
  })
  await enqueueMessage(ctx, {
    channel: 'sms',
    recipient: contact.phone,
    subject: i18n._('vendor.notice.applied.subject', values),
    body: i18n._('vendor.notice.applied.sms', values),
  })
  for (const staff of await listStaffRecipients(ctx)) {
    const voice = voiceIn(staff.locale)
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: staff.email,
      subject: voice.i18n._('vendor.notice.staffApplication.subject', values),
      body: voice.i18n._('vendor.notice.staffApplication.body', values),
    })
  }
}
