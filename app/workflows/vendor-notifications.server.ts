import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { createI18n } from '#app/lib/i18n.server.ts'
import { listStaffEmails } from '#app/modules/accounts/accounts.server.ts'
import { findProductOwner } from '#app/modules/catalog/stock.server.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { findVendorContact } from '#app/modules/vendors/vendors.server.ts'

// Messages to vendors and to staff that are not about one order (issue 13): a new review of a store's product,
// a store's application received (to the applicant, and to staff, who review it). Through the outbox, in English
// until the recipient's language is stored.

/** Tells the store whose product was reviewed: the rating, and where to read and answer it. */
export async function notifyVendorOfReview(
  ctx: ServiceContext,
  input: { productId: number; rating: number },
): Promise<void> {
  const product = await findProductOwner(ctx, input.productId)
  const contact = product ? await findVendorContact(ctx, product.vendorId) : null
  if (!product || !contact) return
  const i18n = createI18n('en')
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
  const i18n = createI18n('en')
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
  for (const email of await listStaffEmails(ctx)) {
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: email,
      subject: i18n._('vendor.notice.staffApplication.subject', values),
      body: i18n._('vendor.notice.staffApplication.body', values),
    })
  }
}
