import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import Stripe from 'stripe'
import type { MemberSpec } from '#server/modules/accounts/members.ts'
import { stripeSubscription } from '#server/testing/stripe-stand-in.ts'
import {
  seriousAccessibilityViolations,
  signInThroughForm,
  startStack,
  waitForPath,
  type Stack,
} from './support/stack.ts'
import { afterRendering, watchRequests } from './support/pages.ts'

// The browser stack runs without Stripe keys, so checkouts go through the local test
// checkout (decision 006), and with the promo word FREEMONTH (tests/e2e/support/stack.ts).
let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const signedInPage = (member: MemberSpec) => stack.signedInPage(member)

/** A JSON call to the API from inside the page, with its cookies. */
async function callApi(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers:
          body === undefined
            ? { accept: 'application/json' }
            : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: await response.json() }
    },
    { method, path, body },
  )
}

/** Buys `planId` through the API and the test checkout, as the plan cards would. */
async function buyThroughTestCheckout(page: Page, planId: string) {
  const checkout = await callApi(page, 'POST', '/api/billing/checkout', { planId })
  expect(checkout.status).toBe(200)
  const completed = await callApi(
    page,
    'POST',
    `/api/billing/test-checkout/${String(checkout.body.url).split('/').pop()}/complete`,
  )
  expect(completed.status).toBe(200)
}

describe('membership', () => {
  test('a free member meets the lock screen, subscribes through the test checkout and the premium page opens', async () => {
    const { page, context } = await signedInPage({
      email: 'upgrader@example.com',
      password: 'Upgrade-Pass-1',
      firstName: 'Uma',
      lastName: 'Grader',
    })

    await page.goto('/jobs')
    await page.getByRole('heading', { name: 'Premium Feature' }).waitFor()
    await page.getByRole('link', { name: 'Join the Career Labs' }).click()
    await waitForPath(page, '/subscription')
    await page.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor()
    await page.getByText('$39.99').first().waitFor()
    await page.getByRole('button', { name: 'Choose Prestige Club' }).click()

    await page.waitForURL(/\/subscription\/test-checkout\/[^/]+$/, { timeout: 15_000 })
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor()
    await page.getByRole('note').filter({ hasText: 'Test mode: no card is charged' }).waitFor()
    expect(await page.getByText('$39.99').count()).toBeGreaterThan(0)
    // no promo: no free month
    expect(await page.getByText(/days free/).count()).toBe(0)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Complete test purchase' }).click()

    await waitForPath(page, '/prestige-club')
    await page.getByRole('heading', { name: 'Welcome, Uma', level: 1 }).waitFor()
    await expect
      .poll(() => page.getByText('Payment complete: your Prestige Club membership is active').count())
      .toBeGreaterThan(0)
    expect(await page.getByText(/^Member since [A-Z][a-z]+ \d{1,2}, \d{4}$/).count()).toBe(1)
    // the four tiles, each leading to its area (decision 015)
    const tiles = page.getByRole('list', { name: 'Your career lab' })
    for (const tile of ['Resume Lab', 'Career Coach', 'Job Board', 'Course Market'])
      await tiles.getByText(tile, { exact: true }).waitFor()
    expect(await tiles.getByRole('link').allTextContents()).toEqual([
      expect.stringContaining('Resume Lab'),
      expect.stringContaining('Career Coach'),
      expect.stringContaining('Job Board'),
      expect.stringContaining('Course Market'),
    ])
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await page.goto('/jobs')
    await page.getByRole('heading').first().waitFor()
    expect(await page.getByRole('heading', { name: 'Premium Feature' }).count()).toBe(0)

    // the plans page knows the current plan; the checkout of that plan is spent
    await page.goto('/subscription')
    const current = page.getByRole('button', { name: 'Current Plan' })
    await current.waitFor()
    expect(await current.isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Choose Prestige Club' }).count()).toBe(0)
    await context.close()
  })

  test('a visitor claims the promo from the landing pop-up, signs in, and checks out with a free month, once', async () => {
    await stack.createMember({
      email: 'bargain@example.com',
      password: 'Bargain-Pass-1',
      firstName: 'Bea',
      lastName: 'Rgain',
    })
    const { page, context } = await stack.newPage()
    await page.goto('/')
    const landingDialog = page.getByRole('dialog')
    await landingDialog.getByText('FREEMONTH').waitFor()
    expect(
      await landingDialog.getByRole('heading', { name: 'Limited-time offer: your first month free' }).count(),
    ).toBe(1)
    await landingDialog.getByRole('button', { name: 'Claim my free month' }).click()
    await waitForPath(page, '/login')
    const billingRead = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/billing/me' && response.ok(),
      { timeout: 15_000 },
    )
    await signInThroughForm(page, 'bargain@example.com', 'Bargain-Pass-1')
    await page.waitForURL((url) => url.pathname === '/subscription' && url.searchParams.get('promo') === 'FREEMONTH', {
      timeout: 15_000,
    })

    // issue 12: claimed once, the promo is applied without the pop-up asking a second time
    await billingRead
    await page.getByText('Promo applied: one month free').waitFor()
    // enabled once the member's billing is known (not by role: an open pop-up would hide it from the accessibility tree)
    await expect.poll(() => page.locator('button', { hasText: 'Choose Prestige Club' }).isEnabled()).toBe(true)
    await afterRendering(page)
    expect(await page.getByRole('dialog').count()).toBe(0)
    await page.getByRole('button', { name: 'Choose Prestige Club' }).click()

    await page.waitForURL(/\/subscription\/test-checkout\/[^/]+$/, { timeout: 15_000 })
    await page.getByText('First 30 days free').waitFor()
    await page.getByRole('button', { name: 'Complete test purchase' }).click()
    await waitForPath(page, '/prestige-club')
    await page.getByRole('heading', { name: 'Welcome, Bea' }).waitFor()

    // the free month is given once per member (spec 000 §4 Promo, decision 006)
    const second = await callApi(page, 'POST', '/api/billing/checkout', { planId: 'business', promoCode: 'FREEMONTH' })
    expect(second.status).toBe(409)
    expect(second.body.error.message).toBe('You have already used your free month')

    // the pop-up showed once in this browser session
    const requests = watchRequests(page)
    await page.goto('/')
    await page.getByRole('heading', { name: /Prestige/, level: 1 }).waitFor()
    await requests.idle()
    expect(await page.getByRole('dialog').count()).toBe(0)
    await context.close()
  })

  test('a promo pop-up dismissed in this browser does not open again: not on /subscription with the promo, not in a new tab', async () => {
    const { page, context } = await stack.newPage()
    const requests = watchRequests(page)
    await page.goto('/')
    const dialog = page.getByRole('dialog')
    await dialog.getByText('FREEMONTH').waitFor()
    await dialog.getByRole('button', { name: 'No thanks' }).click()
    await dialog.waitFor({ state: 'hidden' })

    // a promo link followed later, in the same browser: the promo applies, nobody asks again
    await page.goto('/subscription?promo=FREEMONTH')
    // by its text: an open pop-up would hide the page from the accessibility tree (and fail below, not here)
    await page.getByText('Promo applied: one month free').waitFor()
    await requests.idle()
    expect(await page.getByRole('dialog').count()).toBe(0)

    // a new tab is a new browser session, in the same browser
    const tab = await context.newPage()
    const tabRequests = watchRequests(tab)
    await tab.goto('/')
    await tab.getByRole('heading', { name: /Prestige/, level: 1 }).waitFor()
    await tabRequests.idle()
    expect(await tab.getByRole('dialog').count()).toBe(0)
    await context.close()
  })

  test('a member who already claimed the free month elsewhere is not offered it again, on /subscription nor on the landing page', async () => {
    const { page, context } = await signedInPage({
      email: 'twice@example.com',
      password: 'Twice-Pass-1',
      firstName: 'Tw',
      lastName: 'Ice',
    })
    // claimed in another browser: a promo checkout was opened (and not completed)
    expect(
      (await callApi(page, 'POST', '/api/billing/checkout', { planId: 'full-access', promoCode: 'FREEMONTH' })).status,
    ).toBe(200)

    const requests = watchRequests(page)
    await page.goto('/subscription?promo=FREEMONTH')
    // by its text: an open pop-up would hide the page from the accessibility tree (and fail below, not here)
    await page.getByText('Promo applied: one month free').waitFor()
    await requests.idle()
    expect(await page.getByRole('dialog').count()).toBe(0)

    await page.goto('/')
    await page.getByRole('heading', { name: /Prestige/, level: 1 }).waitFor()
    await requests.idle()
    expect(await page.getByRole('dialog').count()).toBe(0)
    await context.close()
  })

  test('a signed-in member claims the landing pop-up and goes straight to a checkout with the free month', async () => {
    const { page, context } = await signedInPage({
      email: 'claimer@example.com',
      password: 'Claimer-Pass-1',
      firstName: 'Cleo',
      lastName: 'Claimer',
    })
    await page.goto('/')
    const dialog = page.getByRole('dialog')
    await dialog.getByText('FREEMONTH').waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Claim my free month' }).click()
    await page.waitForURL(/\/subscription\/test-checkout\/[^/]+$/, { timeout: 15_000 })
    await page.getByText('First 30 days free').waitFor()
    // leaving the checkout goes back to the plans
    await page.getByRole('link', { name: 'Cancel' }).click()
    await waitForPath(page, '/subscription')
    await context.close()
  })

  test('a visitor choosing a plan is asked to sign in first', async () => {
    const { page, context } = await stack.newPage()
    await page.goto('/subscription')
    await page.getByRole('button', { name: 'Choose Prestige Club' }).click()
    await expect.poll(() => page.getByText('Please sign in to access subscription plans').count()).toBeGreaterThan(0)
    await waitForPath(page, '/login')
    await context.close()
  })

  test('a wrong promo code in the address is refused and not applied', async () => {
    const { page, context } = await stack.newPage()
    await page.goto('/subscription?promo=NOTAPROMO')
    await page.getByRole('alert').filter({ hasText: 'Invalid promo code' }).waitFor()
    expect(await page.getByText('Promo applied: one month free').count()).toBe(0)
    expect(await page.getByRole('dialog').count()).toBe(0)
    await context.close()
  })

  test('settings show the subscription after subscribing', async () => {
    const { page, context } = await signedInPage({
      email: 'settled@example.com',
      password: 'Settled-Pass-1',
      firstName: 'Sam',
      lastName: 'Settled',
    })

    await page.goto('/settings')
    const section = page.getByRole('region', { name: 'Subscription' })
    await section.getByText('Free', { exact: true }).waitFor()
    expect(await section.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscription')

    const checkout = await callApi(page, 'POST', '/api/billing/checkout', { planId: 'full-access' })
    expect(checkout.status).toBe(200)
    const checkoutId = String(checkout.body.url).split('/').pop()
    const completed = await callApi(page, 'POST', `/api/billing/test-checkout/${checkoutId}/complete`)
    expect(completed.body).toEqual({ redirectTo: '/prestige-club', planName: 'Prestige Club' })

    await page.goto('/settings')
    await section.getByText('Prestige Club', { exact: true }).waitFor()
    await section.getByText(/^Renews on [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor()
    // without Stripe there is no billing portal to manage
    expect(await section.getByRole('button', { name: 'Manage billing' }).count()).toBe(0)

    // Subscription comes before Security
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents()
    expect(headings.indexOf('Subscription')).toBeGreaterThanOrEqual(0)
    expect(headings.indexOf('Subscription')).toBeLessThan(headings.findIndex((text) => /Security/.test(text)))

    // a completed checkout cannot be opened again
    await page.goto(`/subscription/test-checkout/${checkoutId}`)
    await page.getByText('This checkout has expired or was already completed').waitFor()
    await context.close()
  })

  test('a member cancels in settings without Stripe keys, keeps access until the period ends, resumes, and changes plan', async () => {
    const { page, context } = await signedInPage({
      email: 'leaver@example.com',
      password: 'Leaver-Pass-1',
      firstName: 'Lee',
      lastName: 'Ver',
    })
    await buyThroughTestCheckout(page, 'full-access')

    await page.goto('/settings')
    const section = page.getByRole('region', { name: 'Subscription' })
    const renews = section.getByText(/^Renews on [A-Z][a-z]+ \d{1,2}, \d{4}$/)
    await renews.waitFor()
    const date = (await renews.textContent())!.replace('Renews on ', '')
    expect(await section.getByText('Test mode: no card is charged').count()).toBe(1)
    expect(await section.getByRole('button', { name: 'Manage billing' }).count()).toBe(0)

    await section.getByRole('button', { name: 'Cancel membership' }).click()
    const confirm = page.getByRole('dialog', { name: 'Cancel your Prestige Club membership?' })
    await confirm.getByText(`You keep Prestige Club until ${date}.`, { exact: false }).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Cancel membership' }).click()
    await expect
      .poll(() => page.getByText(`Your Prestige Club membership is canceled. You keep access until ${date}.`).count())
      .toBeGreaterThan(0)
    await section.getByText(`Ends on ${date}`).waitFor()
    expect(await section.getByText('Cancels at period end').count()).toBe(1)
    expect(await section.getByRole('button', { name: 'Change plan' }).isDisabled()).toBe(true)

    // the period is paid for: premium pages stay open until it ends
    await page.goto('/jobs')
    await page.getByRole('heading').first().waitFor()
    expect(await page.getByRole('heading', { name: 'Premium Feature' }).count()).toBe(0)

    await page.goto('/settings')
    await section.getByRole('button', { name: 'Resume membership' }).click()
    await expect
      .poll(() => page.getByText(`Your Prestige Club membership is back on: it renews on ${date}.`).count())
      .toBeGreaterThan(0)
    await section.getByText(`Renews on ${date}`).waitFor()

    await section.getByRole('button', { name: 'Change plan' }).click()
    const change = page.getByRole('dialog', { name: 'Change plan' })
    await change.getByText('+$9.01/month').waitFor()
    expect(await change.getByText(`your renewal date stays ${date}`, { exact: false }).count()).toBe(1)
    await change.getByRole('button', { name: 'Switch to Business' }).click()
    await expect.poll(() => page.getByText('Your plan is now Business').count()).toBeGreaterThan(0)
    await section.getByText('Business', { exact: true }).waitFor()
    await section.getByText(`Renews on ${date}`).waitFor()
    await context.close()
  })

  test('a subscriber sees Change plan instead of Choose on the plan cards, with the price difference, and confirms a switch that names the plans', async () => {
    const { page, context } = await signedInPage({
      email: 'switcher@example.com',
      password: 'Switcher-Pass-1',
      firstName: 'Swi',
      lastName: 'Tcher',
    })
    await page.goto('/subscription')
    await page.getByRole('button', { name: 'Choose Business' }).click()
    await page.waitForURL(/\/subscription\/test-checkout\/[^/]+$/, { timeout: 15_000 })
    await page.getByRole('button', { name: 'Complete test purchase' }).click()
    await waitForPath(page, '/prestige-club')
    // the success toast names the plan bought
    await expect
      .poll(() => page.getByText('Payment complete: your Business membership is active').count())
      .toBeGreaterThan(0)

    await page.goto('/subscription')
    const business = page.getByRole('region', { name: 'Business', exact: true })
    const club = page.getByRole('region', { name: 'Prestige Club', exact: true })
    await business.getByText('Your plan', { exact: true }).waitFor()
    expect(await business.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true)
    await club.getByText('-$9.01/month compared with Business').waitFor()
    expect(await page.getByRole('button', { name: /^Choose / }).count()).toBe(0)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await club.getByRole('button', { name: 'Change plan' }).click()
    const confirm = page.getByRole('dialog', { name: 'Switch to Prestige Club?' })
    await confirm.getByText('-$9.01/month').waitFor()
    expect(await confirm.getByText('Test mode: no card is charged', { exact: false }).count()).toBe(1)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Switch to Prestige Club' }).click()
    await expect.poll(() => page.getByText('Your plan is now Prestige Club').count()).toBeGreaterThan(0)
    await club.getByText('Your plan', { exact: true }).waitFor()
    await business.getByText('+$9.01/month compared with Prestige Club').waitFor()
    await context.close()
  })

  test('an admin edits a plan and members see the new price; a member cannot open the plans admin', async () => {
    const member = await signedInPage({
      email: 'curious@example.com',
      password: 'Curious-Pass-1',
      firstName: 'Cu',
      lastName: 'Rious',
    })
    await member.page.goto('/admin/plans')
    await waitForPath(member.page, '/dashboard')
    expect((await callApi(member.page, 'GET', '/api/admin/plans')).status).toBe(403)
    await member.context.close()

    const { page, context } = await signedInPage({
      email: 'planner@example.com',
      password: 'Planner-Pass-1',
      firstName: 'Pla',
      lastName: 'Nner',
      admin: true,
    })
    await page.goto('/admin')
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Plans' }).click()
    await waitForPath(page, '/admin/plans')
    const business = page.getByRole('region', { name: /^Business/ })
    await business.getByLabel('Price in cents').fill('-5')
    await business.getByRole('button', { name: 'Save' }).click()
    await business.getByText('Price cannot be negative').waitFor()

    await business.getByLabel('Price in cents').fill('5900')
    await business.getByLabel('Features (one per line)').fill('Intern talent pool\n\nUnlimited job posts\n')
    await business.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => page.getByText('Plan updated successfully').count()).toBeGreaterThan(0)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await page.goto('/subscription')
    await page.getByText('$59.00').waitFor()
    const features = page.getByRole('list', { name: 'Business features' }).getByRole('listitem')
    expect(await features.allTextContents()).toEqual(['Intern talent pool', 'Unlimited job posts'])
    await context.close()
  })

  test('axe-core finds no serious or critical violation on /subscription', async () => {
    const { page, context } = await stack.newPage()
    await page.goto('/subscription')
    await page.getByRole('button', { name: 'Choose Prestige Club' }).waitFor()
    // the promo pop-up is not open here: it opens only when the visitor came from a promo
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await context.close()
  })
})

describe('billing portal with Stripe (local stand-in)', () => {
  let stripeStack: Stack

  beforeAll(async () => {
    stripeStack = await startStack({ stripe: true })
  })
  afterAll(async () => {
    await stripeStack?.close()
  })

  /** Stripe tells the product about a new subscription through a signed webhook event; the stand-in knows it too. */
  async function subscribeThroughWebhook(userId: string, id: string, customer: string) {
    const now = Date.now()
    const subscription = stripeSubscription({
      id,
      customer,
      userId,
      planId: 'full-access',
      status: 'active',
      periodStart: new Date(now),
      periodEnd: new Date(now + 30 * 86_400_000),
    })
    stripeStack.stripe!.setSubscription(subscription)
    const payload = JSON.stringify({
      id: `evt_${id}`,
      object: 'event',
      type: 'customer.subscription.created',
      created: Math.floor(now / 1000),
      data: { object: subscription },
    })
    const signature = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
      payload,
      secret: stripeStack.stripe!.env.STRIPE_WEBHOOK_SECRET,
    })
    const delivered = await fetch(`${stripeStack.baseUrl}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    })
    expect(delivered.status).toBe(200)
  }

  test("'Manage billing' in settings opens the Stripe billing portal session returning to /settings", async () => {
    const member = await stripeStack.createMember({
      email: 'payer@example.com',
      password: 'Payer-Pass-1',
      firstName: 'Pay',
      lastName: 'Er',
    })
    await subscribeThroughWebhook(member.id, 'sub_payer', 'cus_payer')

    const { page, context } = await stripeStack.newPage()
    // Stripe's own pages cannot be reached from here: answer the portal address locally
    await context.route('https://billing.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Billing portal</title><h1>Stripe billing portal</h1>' }),
    )
    await page.goto('/login')
    await signInThroughForm(page, 'payer@example.com', 'Payer-Pass-1')
    await waitForPath(page, '/prestige-club')
    await page.goto('/settings')
    await page.getByRole('region', { name: 'Subscription' }).getByText('Renews on').waitFor()
    await page.getByRole('button', { name: 'Manage billing' }).click()
    await page.waitForURL(/^https:\/\/billing\.stripe\.com\/p\/session\//)
    expect(stripeStack.stripe!.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      body: { customer: 'cus_payer', return_url: `${stripeStack.baseUrl}/settings` },
    })
    await context.close()
  })

  test("with Stripe, 'Cancel membership' cancels the Stripe subscription at period end, and 'Manage billing' stays for cards and invoices", async () => {
    const member = await stripeStack.createMember({
      email: 'stripe-leaver@example.com',
      password: 'Stripe-Leaver-1',
      firstName: 'Stri',
      lastName: 'Pe',
    })
    await subscribeThroughWebhook(member.id, 'sub_leaver', 'cus_leaver')
    const { page, context } = await stripeStack.newPage()
    await page.goto('/login')
    await signInThroughForm(page, 'stripe-leaver@example.com', 'Stripe-Leaver-1')
    await waitForPath(page, '/prestige-club')
    await page.goto('/settings')
    const section = page.getByRole('region', { name: 'Subscription' })
    await section.getByText('Renews on').waitFor()
    expect(await section.getByText('Test mode: no card is charged').count()).toBe(0)
    await section.getByRole('button', { name: 'Cancel membership' }).click()
    await page
      .getByRole('dialog', { name: 'Cancel your Prestige Club membership?' })
      .getByRole('button', { name: 'Cancel membership' })
      .click()
    await section.getByText(/^Ends on /).waitFor()
    expect(
      stripeStack.stripe!.requests.filter(
        (request) => request.method === 'POST' && request.path === '/v1/subscriptions/sub_leaver',
      ),
    ).toEqual([{ method: 'POST', path: '/v1/subscriptions/sub_leaver', body: { cancel_at_period_end: 'true' } }])
    expect(await section.getByRole('button', { name: 'Manage billing' }).count()).toBe(1)
    await context.close()
  })
})
