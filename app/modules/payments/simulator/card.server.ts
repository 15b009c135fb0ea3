/**
 * A simulator of Flutterwave v3's hosted checkout, answering as the contract in
 * domain/payments-and-rwanda.md section 3 says: `POST /v3/payments` gives `data.link`, the buyer pays
 * or declines on the hosted page, comes back to `redirect_url?status=&tx_ref=&transaction_id=`, a `charge.completed`
 * webhook goes out with `verif-hash`, and `verify`, `verify_by_reference` and refunds answer like Flutterwave's.
 */
import { randomUUID } from 'node:crypto'
import { type Request, type Response, Router } from 'express'
import { createBoundedStore, DEFAULT_MAX_RECORDS, deliver } from './shared.server.ts'

export type CardSimulatorOptions = {
  secretKey: string
  webhookSecret: string
  /** Where `charge.completed` webhooks go; none sent when unset. */
  webhookUrl?: string
  /** Browser-facing URL of this card router (e.g. http://127.0.0.1:3001/card): the hosted page link starts there. */
  publicUrl: string
  /** Checkouts (and, separately, refunds) remembered at most; the oldest finished go first. */
  maxRecords?: number
}

type Checkout = {
  key: string
  txRef: string
  amount: number
  currency: string
  redirectUrl: string
  customer: { email: string; name?: string; phonenumber?: string }
  transactionId?: number
}

type Transaction = {
  id: number
  tx_ref: string
  flw_ref: string
  amount: number
  charged_amount: number
  currency: string
  status: 'successful' | 'failed'
  payment_type: 'card'
  customer: Checkout['customer']
  created_at: string
}

type Refund = {
  id: number
  tx_id: number
  flw_ref: string
  amount_refunded: number
  status: 'completed'
  destination: 'payment_source'
  created_at: string
}

const CURRENCIES = new Set(['RWF', 'USD', 'EUR', 'KES', 'UGX', 'NGN'])

function fail(res: Response, status: number, message: string) {
  res.status(status).json({ status: 'error', message, data: null })
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * The stand-in for Flutterwave's hosted payment page: not Isoko UI (no translations, no design system). Self-
 * contained: no JavaScript, no external assets, so the site's CSP allows it as it is.
 */
function checkoutPage(checkout: Checkout): string {
  const amount = `${checkout.currency} ${checkout.amount.toLocaleString('en-US')}`
  const button =
    'font:inherit;padding:.75rem 1.25rem;border-radius:.5rem;border:1px solid #f5a623;cursor:pointer;width:100%'
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Card payment simulator</title></head>
<body style="font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;padding:2rem 1rem">
<main style="max-width:24rem;margin:0 auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px #0002">
<p style="margin:0;color:#71717a;font-size:.875rem">Payment simulator: no real card is charged</p>
<h1 style="font-size:1.5rem;margin:.5rem 0">Pay ${escapeHtml(amount)}</h1>
<p style="color:#3f3f46">${escapeHtml(checkout.customer.email)}<br>Reference ${escapeHtml(checkout.txRef)}</p>
<form method="post" action="${checkout.key}/pay" style="margin:1rem 0">
<button type="submit" style="${button};background:#f5a623;color:#111">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="${checkout.key}/decline">
<button type="submit" style="${button};background:#fff;color:#111">Decline</button></form>
</main></body></html>`
}

export function createCardSimulator(options: CardSimulatorOptions): Router {
  const router = Router()
  const max = options.maxRecords ?? DEFAULT_MAX_RECORDS
  // One record per tx_ref (the checkout, then its transaction); the two indexes beside it go with it.
  const checkouts = new Map<string, Checkout>()
  const transactions = new Map<number, Transaction>()
  const byTxRef = createBoundedStore<string, Checkout>({
    max,
    settled: (c) => c.transactionId !== undefined,
    onDrop(_txRef, c) {
      checkouts.delete(c.key)
      if (c.transactionId !== undefined) transactions.delete(c.transactionId)
    },
  })
  const refunds = createBoundedStore<number, Refund>({ max, settled: () => true })
  let nextId = 4_000_000 + Math.floor(Math.random() * 1_000_000)

  function authorised(req: Request, res: Response): boolean {
    if (req.get('authorization') !== `Bearer ${options.secretKey}`) {
      fail(res, 401, 'Invalid authorization key')
      return false
    }
    return true
  }

  function verified(res: Response, t: Transaction | undefined) {
    if (!t) return fail(res, 400, 'No transaction was found for this id')
    res.json({ status: 'success', message: 'Transaction fetched successfully', data: t })
  }

  router.post('/v3/payments', (req, res) => {
    if (!authorised(req, res)) return
    const body = req.body as Record<string, unknown> | undefined
    const customer = body?.customer as Record<string, unknown> | undefined
    if (typeof body?.tx_ref !== 'string' || !body.tx_ref) return fail(res, 400, 'tx_ref is required')
    if (typeof body.amount !== 'number' || !(body.amount > 0)) return fail(res, 400, 'amount must be a positive number')
    if (typeof body.currency !== 'string' || !CURRENCIES.has(body.currency)) return fail(res, 400, 'Invalid currency')
    if (typeof body.redirect_url !== 'string' || !URL.canParse(body.redirect_url)) {
      return fail(res, 400, 'redirect_url must be a URL')
    }
    if (typeof customer?.email !== 'string' || !customer.email) return fail(res, 400, 'customer.email is required')
    if (byTxRef.has(body.tx_ref)) return fail(res, 400, 'Transaction reference already exists')
    const checkout: Checkout = {
      key: randomUUID(),
      txRef: body.tx_ref,
      amount: body.amount,
      currency: body.currency,
      redirectUrl: body.redirect_url,
      customer: {
        email: customer.email,
        name: typeof customer.name === 'string' ? customer.name : undefined,
        phonenumber: typeof customer.phonenumber === 'string' ? customer.phonenumber : undefined,
      },
    }
    checkouts.set(checkout.key, checkout)
    byTxRef.set(checkout.txRef, checkout)
    res.json({
      status: 'success',
      message: 'Hosted Link',
      data: { link: `${options.publicUrl.replace(/\/+$/, '')}/checkout/${checkout.key}` },
    })
  })

  router.get('/checkout/:key', (req, res) => {
    const checkout = checkouts.get(String(req.params.key))
    if (!checkout) return res.status(404).type('text/plain').send('Unknown or finished checkout')
    res.type('html').send(checkoutPage(checkout))
  })

  for (const choice of ['pay', 'decline'] as const) {
    router.post(`/checkout/:key/${choice}`, async (req, res) => {
      const checkout = checkouts.get(String(req.params.key))
      if (!checkout) return res.status(404).type('text/plain').send('Unknown or finished checkout')
      checkouts.delete(checkout.key)
      const t: Transaction = {
        id: nextId++,
        tx_ref: checkout.txRef,
        flw_ref: `FLW-SIM-${Date.now()}`,
        amount: checkout.amount,
        charged_amount: checkout.amount,
        currency: checkout.currency,
        status: choice === 'pay' ? 'successful' : 'failed',
        payment_type: 'card',
        customer: checkout.customer,
        created_at: new Date().toISOString(),
      }
      transactions.set(t.id, t)
      checkout.transactionId = t.id
      // Webhook before the redirect, as Flutterwave usually manages; the app must cope with either order.
      await deliver(
        options.webhookUrl,
        'POST',
        { event: 'charge.completed', data: t },
        {
          'verif-hash': options.webhookSecret,
        },
      )
      const back = new URL(checkout.redirectUrl)
      back.searchParams.set('status', choice === 'pay' ? 'successful' : 'cancelled')
      back.searchParams.set('tx_ref', t.tx_ref)
      back.searchParams.set('transaction_id', String(t.id))
      res.redirect(303, back.toString())
    })
  }

  router.get('/v3/transactions/verify_by_reference', (req, res) => {
    if (!authorised(req, res)) return
    const checkout = byTxRef.get(String(req.query.tx_ref ?? ''))
    verified(res, checkout?.transactionId === undefined ? undefined : transactions.get(checkout.transactionId))
  })

  router.get('/v3/transactions/:id/verify', (req, res) => {
    if (!authorised(req, res)) return
    verified(res, transactions.get(Number(req.params.id)))
  })

  router.post('/v3/transactions/:id/refund', (req, res) => {
    if (!authorised(req, res)) return
    const t = transactions.get(Number(req.params.id))
    if (!t) return fail(res, 400, 'No transaction was found for this id')
    if (t.status !== 'successful') return fail(res, 400, 'Only a successful transaction can be refunded')
    const amount = (req.body as Record<string, unknown> | undefined)?.amount ?? t.amount
    const refunded = [...refunds.values()].filter((r) => r.tx_id === t.id).reduce((s, r) => s + r.amount_refunded, 0)
    if (typeof amount !== 'number' || !(amount > 0) || refunded + amount > t.amount) {
      return fail(res, 400, 'Refund amount exceeds what is left of the transaction')
    }
    const refund: Refund = {
      id: nextId++,
      tx_id: t.id,
      flw_ref: `URF_${Date.now()}`,
      amount_refunded: amount,
      status: 'completed',
      destination: 'payment_source',
      created_at: new Date().toISOString(),
    }
    refunds.set(refund.id, refund)
    res.json({ status: 'success', message: 'Transaction refund initiated', data: refund })
  })

  router.get('/v3/refunds/:id', (req, res) => {
    if (!authorised(req, res)) return
    const refund = refunds.get(Number(req.params.id))
    if (!refund) return fail(res, 404, 'Refund not found')
    res.json({ status: 'success', message: 'Refund fetched', data: refund })
  })

  return router
}
