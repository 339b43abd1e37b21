import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export type StandInRequest = { method: string; path: string; body: Record<string, string> }

/**
 * A local HTTP server speaking the part of Stripe's API the product calls
 * (customers, checkout sessions, subscriptions read, updated and cancelled, billing portal sessions). Stripe's
 * servers cannot be reached from here; the SDK is pointed at this instead, and
 * tests assert the request bodies it received.
 */
export async function startStripeStandIn() {
  const requests: StandInRequest[] = []
  const subscriptions = new Map<string, Record<string, unknown>>()
  let counter = 0
  let outage: number | null = null

  const server = createServer(async (req, res) => {
    const body = parseForm(await readBody(req))
    const path = (req.url ?? '').split('?')[0]!
    requests.push({ method: req.method ?? 'GET', path, body })
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}`, ...headers })
      res.end(JSON.stringify(payload))
    }
    // the SDK honours stripe-should-retry: the outage answers at once instead of after its retries
    if (outage)
      return send(
        outage,
        { error: { type: 'api_error', message: 'Stripe is unavailable' } },
        { 'stripe-should-retry': 'false' },
      )
    if (req.method === 'POST' && path === '/v1/customers') {
      return send(200, { id: `cus_standin_${++counter}`, object: 'customer', email: body.email ?? null, metadata: {} })
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++counter}`
      return send(200, {
        id,
        object: 'checkout.session',
        mode: body.mode,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        customer: body.customer,
      })
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = `bps_${++counter}`
      return send(200, {
        id,
        object: 'billing_portal.session',
        url: `https://billing.stripe.com/p/session/${id}`,
        customer: body.customer,
        return_url: body.return_url,
      })
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([\w]+)$/.exec(path)
    if (req.method === 'GET' && subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!)
      if (subscription) return send(200, subscription)
      return send(404, {
        error: { type: 'invalid_request_error', message: `No such subscription: '${subscriptionMatch[1]}'` },
      })
    }
    if (req.method === 'POST' && subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!)
      if (!subscription)
        return send(404, {
          error: { type: 'invalid_request_error', message: `No such subscription: '${subscriptionMatch[1]}'` },
        })
      const updated = updateSubscription(subscription, body)
      if ('error' in updated) return send(400, { error: { type: 'invalid_request_error', message: updated.error } })
      subscriptions.set(subscriptionMatch[1]!, updated)
      return send(200, updated)
    }
    // DELETE /v1/subscriptions/{id}: cancelled now (an account deleted by an admin, issue 22)
    if (req.method === 'DELETE' && subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!)
      if (!subscription)
        return send(404, {
          error: { type: 'invalid_request_error', message: `No such subscription: '${subscriptionMatch[1]}'` },
        })
      const cancelled = { ...subscription, status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) }
      subscriptions.set(subscriptionMatch[1]!, cancelled)
      return send(200, cancelled)
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    port,
    requests,
    /** The subscription as the stand-in holds it now (after updates). */
    subscription: (id: string) => subscriptions.get(id),
    /** What GET /v1/subscriptions/{id} answers from now on (and what POST /v1/subscriptions/{id} updates). */
    setSubscription(subscription: Record<string, unknown> & { id: string }) {
      subscriptions.set(subscription.id, subscription)
    },
    /** Every request answers this status (an outage) until it is given null. */
    failWith(status: number | null) {
      outage = status
    },
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: 'whsec_standin_secret',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

type StandInItem = { id: string; price: { id: string } } & Record<string, unknown>

/**
 * POST /v1/subscriptions/{id} as Stripe answers it, for the fields the product sends:
 * cancel_at_period_end, metadata (merged), and items[n][id] with items[n][price]
 * (the item keeps its id and period, its price changes). An unknown item is refused.
 */
function updateSubscription(
  subscription: Record<string, unknown>,
  body: Record<string, string>,
): Record<string, unknown> | { error: string } {
  const updated: Record<string, unknown> = { ...subscription }
  if (body.cancel_at_period_end !== undefined) updated.cancel_at_period_end = body.cancel_at_period_end === 'true'
  const metadata = { ...(subscription.metadata as Record<string, string> | undefined) }
  for (const [key, value] of Object.entries(body)) {
    const name = /^metadata\[(.+)\]$/.exec(key)?.[1]
    if (name) metadata[name] = value
  }
  updated.metadata = metadata
  const items = subscription.items as { data: StandInItem[] } | undefined
  if (items) {
    const data = items.data.map((item) => ({ ...item }))
    for (
      let index = 0;
      body[`items[${index}][id]`] !== undefined || body[`items[${index}][price]`] !== undefined;
      index++
    ) {
      const item = data.find((candidate) => candidate.id === body[`items[${index}][id]`])
      if (!item) return { error: `Invalid subscription item: '${body[`items[${index}][id]`] ?? ''}'` }
      const price = body[`items[${index}][price]`]
      if (price) item.price = { ...item.price, id: price }
    }
    updated.items = { ...items, data }
  }
  return updated
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Stripe's form encoding, kept flat: `line_items[0][price]` stays one key. */
function parseForm(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text))
}

/** A subscription object as Stripe sends it (recent API: the period sits on the item). */
export function stripeSubscription(options: {
  id: string
  customer: string
  userId: string
  planId?: string
  priceId?: string
  status: string
  periodStart: Date
  periodEnd: Date
  cancelAtPeriodEnd?: boolean
}) {
  const start = Math.floor(options.periodStart.getTime() / 1000)
  const end = Math.floor(options.periodEnd.getTime() / 1000)
  return {
    id: options.id,
    object: 'subscription',
    customer: options.customer,
    status: options.status,
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    metadata: { userId: options.userId, ...(options.planId ? { planId: options.planId } : {}) },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${options.id}`,
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: end,
          price: { id: options.priceId ?? 'price_full_access' },
        },
      ],
    },
  }
}
