import { createHash } from 'node:crypto'
import { secureHeaders } from 'hono/secure-headers'

/** sha256 sources for the inline scripts of the built index.html (the theme script runs before paint). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim().length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`)
}

// Our own origin only, plus what Stripe Checkout needs (its script, frames and
// API), so that the billing area can load it (issue 2; docs/decisions/005).
export function securityHeaders(scriptHashes: string[]) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes, 'https://js.stripe.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // https: the newsletter's pictures are on its own site, and posts may show pictures by address (decision 027)
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
      formAction: ["'self'", 'https://checkout.stripe.com'],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
  })
}
