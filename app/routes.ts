import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes'

// Routes are declared here, grouped by surface (React Router ADR 0011), not found by file name.
export default [
  // Resource routes: form posts and JSON, no UI of their own.
  ...prefix('api', [
    route('cart', 'routes/api/cart.ts'),
    route('favorites', 'routes/api/favorites.ts'),
    route('follow', 'routes/api/follow.ts'),
    route('newsletter', 'routes/api/newsletter.ts'),
    route('search-suggestions', 'routes/api/search-suggestions.ts'),
    // Payment providers' callbacks and webhooks.
    route('payments/momo/callback/:reference', 'routes/api/payment-callback.ts', { id: 'payments-momo' }),
    route('payments/airtel/callback', 'routes/api/payment-callback.ts', { id: 'payments-airtel' }),
    route('payments/card/webhook', 'routes/api/payment-callback.ts', { id: 'payments-card' }),
    // Their callbacks about vendor payouts (MoMo Disbursement, Airtel disbursement).
    route('payments/payouts/momo/:reference', 'routes/api/payout-callback.ts', { id: 'payouts-momo' }),
    route('payments/payouts/airtel', 'routes/api/payout-callback.ts', { id: 'payouts-airtel' }),
    // Africa's Talking's SMS delivery reports (the URL given to it carries ?key=AT_CALLBACK_SECRET).
    route('sms/delivery-report', 'routes/api/sms-delivery-report.ts'),
  ]),
  route('sign-out', 'routes/account/sign-out.ts'),
  // The language switcher's post (header and footer).
  route('language', 'routes/api/language.ts'),
  route('images/*', 'routes/api/images.ts'),
  route('healthz', 'routes/api/healthz.ts'),
  route('vendor-dashboard/inventory.csv', 'routes/vendor/inventory-csv.ts'),
  route('vendor-dashboard/statement.csv', 'routes/vendor/statement-csv.ts'),
  route('vendor-dashboard/products.csv', 'routes/vendor/products-csv.ts'),
  route('vendor-dashboard/products-template.csv', 'routes/vendor/products-template-csv.ts'),

  // The prototype's /auth/... links, kept working (DESIGN.md section 3, point 3).
  ...prefix('auth', [
    route('customer/signup', 'routes/account/redirects.ts', { id: 'auth-customer-signup' }),
    route('vendor/signup', 'routes/account/redirects.ts', { id: 'auth-vendor-signup' }),
    route('customer/login', 'routes/account/redirects.ts', { id: 'auth-customer-login' }),
    route('vendor/login', 'routes/account/redirects.ts', { id: 'auth-vendor-login' }),
  ]),

  // The admin console: staff only (the layout's middleware requires the admin role before any loader or action),
  // in its own frame, not the shop's header and footer (issue 17).
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/vendors.tsx'),
      route('support', 'routes/admin/support.tsx'),
      route('support/:ticketId', 'routes/admin/ticket.tsx'),
      route('newsletter', 'routes/admin/newsletter.tsx'),
      route('newsletter.csv', 'routes/admin/newsletter-csv.ts'),
      route('mailbox', 'routes/admin/mailbox.tsx'),
      // Orders (issue 13: staff act on them, search, CSV).
      route('orders', 'routes/admin/orders.tsx'),
      route('orders.csv', 'routes/admin/orders-csv.ts'),
      route('orders/:number', 'routes/admin/order.tsx'),
      route('conversations', 'routes/admin/conversations.tsx'),
      route('conversations/:conversationId', 'routes/admin/conversation.tsx'),
      route('delivery-fees', 'routes/admin/delivery-fees.tsx'),
      route('commission', 'routes/admin/commission.tsx'),
      route('balances', 'routes/admin/balances.tsx'),
      route('payouts', 'routes/admin/payouts.tsx'),
      // Returns and disputes staff decide (issue 15).
      route('disputes', 'routes/admin/disputes.tsx'),
      route('disputes/:disputeId', 'routes/admin/dispute.tsx'),
      // The console as a place to work (issue 17): stores, customers, products, categories.
      route('stores', 'routes/admin/stores.tsx'),
      route('stores.csv', 'routes/admin/stores-csv.ts'),
      route('stores/:vendorId', 'routes/admin/store.tsx'),
      route('customers', 'routes/admin/customers.tsx'),
      route('customers.csv', 'routes/admin/customers-csv.ts'),
      route('products', 'routes/admin/products.tsx'),
      route('categories', 'routes/admin/categories.tsx'),
      // Staff roles, invitations and the audit log (issue 17): each page checks its permission.
      route('staff', 'routes/admin/staff.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
    ]),
  ]),

  layout('routes/storefront/layout.tsx', [
    index('routes/storefront/home.tsx'),
    route('products', 'routes/storefront/products.tsx'),
    route('products/:slug', 'routes/storefront/product.tsx'),
    route('vendors', 'routes/storefront/vendors.tsx'),
    route('vendor/:id?', 'routes/storefront/vendor.tsx'),
    route('cart', 'routes/storefront/cart.tsx'),
    route('favorites', 'routes/storefront/favorites.tsx'),
    route('checkout', 'routes/storefront/checkout.tsx'),
    route('checkout/pay/:number', 'routes/storefront/checkout-pay.tsx'),
    route('checkout/pay/:number/return', 'routes/storefront/checkout-return.ts'),
    route('help', 'routes/storefront/help.tsx'),
    route('newsletter/confirm', 'routes/storefront/newsletter-confirm.tsx'),
    route('privacy-policy', 'routes/storefront/policy.tsx', { id: 'policy-privacy' }),
    route('terms', 'routes/storefront/policy.tsx', { id: 'policy-terms' }),
    route('returns', 'routes/storefront/policy.tsx', { id: 'policy-returns' }),
    route('refund-policy', 'routes/storefront/policy.tsx', { id: 'policy-refund' }),
    route('about', 'routes/storefront/policy.tsx', { id: 'page-about' }),

    route('customer-login', 'routes/account/customer-login.tsx'),
    route('customer-signup', 'routes/account/customer-signup.tsx'),
    route('vendor-login', 'routes/account/vendor-login.tsx'),
    route('vendor-onboarding', 'routes/account/vendor-onboarding.tsx'),
    route('phone-sign-in', 'routes/account/phone-sign-in.tsx'),
    route('forgot-password', 'routes/account/forgot-password.tsx'),
    route('reset-password', 'routes/account/reset-password.tsx'),
    // A staff invitation's e-mailed link (issue 17): the invitee sets a name and password and joins the staff.
    route('staff-invitation', 'routes/account/staff-invitation.tsx'),
    // A new e-mail address's confirmation link (issue 17): opened on any device, signed in or not.
    route('confirm-email', 'routes/vendor/settings-email-confirm.tsx'),
    // The customer's pages: the layout's middleware requires a signed-in customer before any loader or action.
    layout('routes/account/customer-layout.tsx', [
      route('customer-dashboard', 'routes/account/customer-dashboard.tsx'),
      route('delete-account', 'routes/account/delete-account.tsx'),
      route('customer-dashboard/profile', 'routes/account/customer-profile.tsx'),
      route('customer-dashboard/addresses', 'routes/account/customer-addresses.tsx'),
      route('customer-dashboard/addresses/new', 'routes/account/customer-address.tsx', { id: 'customer-address-new' }),
      route('customer-dashboard/addresses/:addressId', 'routes/account/customer-address.tsx', {
        id: 'customer-address-edit',
      }),
      route('customer-dashboard/sign-in', 'routes/account/customer-sign-in.tsx'),
      route('customer-dashboard/password', 'routes/account/customer-password.tsx'),
      route('customer-dashboard/orders', 'routes/account/customer-orders.tsx'),
      route('customer-dashboard/orders/:number', 'routes/account/customer-order.tsx'),
      route('customer-dashboard/orders/:number/cancel', 'routes/account/customer-order-cancel.tsx'),
      route('customer-dashboard/orders/:number/return/:lineId', 'routes/account/customer-return.tsx'),
      route('customer-dashboard/messages', 'routes/account/customer-messages.tsx'),
      route('customer-dashboard/messages/new', 'routes/account/customer-message-new.tsx'),
      route('customer-dashboard/messages/:conversationId', 'routes/account/customer-message.tsx'),
      route('customer-dashboard/support', 'routes/account/customer-support.tsx'),
      route('customer-dashboard/support/:ticketId', 'routes/account/customer-ticket.tsx'),
      route('customer-dashboard/reviews', 'routes/account/customer-reviews.tsx'),
      route('customer-dashboard/reviews/:productId', 'routes/account/customer-review.tsx'),
    ]),
    // The vendor's pages: the layout's middleware requires a signed-in vendor before any loader or action.
    layout('routes/vendor/layout.tsx', [
      route('vendor-dashboard', 'routes/vendor/dashboard.tsx'),
      route('vendor-dashboard/settings', 'routes/vendor/settings.tsx'),
      route('vendor-dashboard/settings/password', 'routes/vendor/password.tsx'),
      route('vendor-dashboard/settings/contact', 'routes/vendor/settings-contact.tsx'),
      route('vendor-dashboard/settings/close-account', 'routes/vendor/settings-close-account.tsx'),
      route('vendor-dashboard/orders', 'routes/vendor/orders.tsx'),
      route('vendor-dashboard/orders/:vendorOrderId', 'routes/vendor/order.tsx'),
      route('vendor-dashboard/orders/:vendorOrderId/packing-slip', 'routes/vendor/packing-slip.tsx'),
      route('vendor-dashboard/analytics', 'routes/vendor/analytics.tsx'),
      route('vendor-dashboard/balance', 'routes/vendor/balance.tsx'),
      route('vendor-dashboard/statement', 'routes/vendor/statement.tsx'),
      route('vendor-dashboard/inventory', 'routes/vendor/inventory.tsx'),
      route('vendor-dashboard/messages', 'routes/vendor/messages.tsx'),
      route('vendor-dashboard/messages/:conversationId', 'routes/vendor/message.tsx'),
      route('vendor-dashboard/reviews', 'routes/vendor/reviews.tsx'),
      route('vendor-dashboard/products', 'routes/vendor/products.tsx'),
      route('vendor-dashboard/products/import', 'routes/vendor/product-import.tsx'),
      route('vendor-dashboard/products/new', 'routes/vendor/product-editor.tsx', { id: 'vendor-product-new' }),
      route('vendor-dashboard/products/:productId', 'routes/vendor/product-editor.tsx', { id: 'vendor-product-edit' }),
    ]),
    route('*', 'routes/storefront/not-found.tsx'),
  ]),
] satisfies RouteConfig
