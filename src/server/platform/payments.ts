import Stripe from 'stripe'
import type { Config } from '#server/config.ts'

export type Payments = { stripe: Stripe; webhookSecret: string } | null

/**
 * The Stripe client when STRIPE_SECRET_KEY is set; null on the embedded default,
 * where billing uses the local test checkout. STRIPE_API_* point the SDK at a
 * local stand-in that speaks Stripe's API (tests).
 */
export function createPayments(config: Config): Payments {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
    ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
    ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
  })
  return { stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET }
}
