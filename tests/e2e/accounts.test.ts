import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { authenticator } from 'otplib'
import {
  seriousAccessibilityViolations,
  signInThroughForm,
  startStack,
  waitForPath,
  type Stack,
} from './support/stack.ts'

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

describe('a new visitor', () => {
  test('signs up through both steps, keeps step 1 when going back, and lands on /subscription', async () => {
    const { page, context } = await stack.newPage()
    await page.goto('/create-account')
    await page.getByLabel('First name').fill('Nora')
    await page.getByLabel('Last name').fill('Newcomer')
    await page.getByLabel('Email').fill('nora@example.com')
    await page.getByLabel('Password', { exact: true }).fill('Newcomer-2026')
    await page.getByLabel('Confirm password').fill('Newcomer-2027')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect.poll(() => page.getByText('Passwords do not match').count()).toBeGreaterThan(0)

    await page.getByLabel('Confirm password').fill('Newcomer-2026')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByLabel('Closest major city').selectOption('Toronto')
    await page.getByRole('button', { name: 'Back' }).click()
    expect(await page.getByLabel('First name').inputValue()).toBe('Nora')
    expect(await page.getByLabel('Email').inputValue()).toBe('nora@example.com')

    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByLabel('Closest major city').selectOption('Toronto')
    await page.getByLabel('Experience level').selectOption('Mid-Level')
    await page.getByLabel('Technology').check()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await waitForPath(page, '/subscription')
    await expect.poll(() => page.getByText('Account created successfully!').count()).toBeGreaterThan(0)
    await context.close()
  })

  test('is sent to /login from a guarded page and comes back to it after signing in, then signs out', async () => {
    await stack.createMember({
      email: 'returning@example.com',
      password: 'Returning-2026',
      firstName: 'Rita',
      lastName: 'Return',
    })
    const { page, context } = await stack.newPage()
    await page.goto('/settings')
    await waitForPath(page, '/login')
    await signInThroughForm(page, 'returning@example.com', 'Returning-2026')
    await waitForPath(page, '/settings')

    await page
      .getByRole('button', { name: /Rita|Profile/ })
      .first()
      .click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await waitForPath(page, '/')
    await expect.poll(() => page.getByText('Signed out successfully').count()).toBeGreaterThan(0)
    await context.close()
  })
})

describe('sign-in protection', () => {
  test('ten wrong passwords lock the account, and clearing cookies does not unlock it', async () => {
    await stack.createMember({
      email: 'target@example.com',
      password: 'Target-Pass-2026',
      firstName: 'Tara',
      lastName: 'Get',
    })
    const { page, context } = await stack.newPage()
    await page.goto('/login')
    for (let attempt = 1; attempt <= 10; attempt++) {
      await signInThroughForm(page, 'target@example.com', `Wrong-Guess-${attempt}`)
      const expected = attempt < 10 ? 'Invalid email or password' : 'Account locked. Please try again in 15 minutes.'
      await expect.poll(() => page.getByText(expected).count()).toBeGreaterThan(0)
      if (attempt < 10) await page.reload()
    }
    await context.close()

    const fresh = await stack.newPage()
    await fresh.page.goto('/login')
    await signInThroughForm(fresh.page, 'target@example.com', 'Target-Pass-2026')
    await expect
      .poll(() => fresh.page.getByText(/Account locked\. Please try again in \d+ minutes\./).count())
      .toBeGreaterThan(0)
    expect(new URL(fresh.page.url()).pathname).toBe('/login')
    await fresh.context.close()
  })

  test('a member resets the password through the link in the e-mail', async () => {
    await stack.createMember({
      email: 'reset.me@example.com',
      password: 'Old-Password-1',
      firstName: 'Remy',
      lastName: 'Set',
    })
    const { page, context } = await stack.newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Email').fill('reset.me@example.com')
    await dialog.getByRole('button', { name: 'Send reset link' }).click()
    await expect.poll(() => page.getByText('Password reset instructions sent to your email').count()).toBeGreaterThan(0)

    const mail = await stack.smtp.waitFor('reset.me@example.com', /reset/i)
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0]
    expect(link).toBeTruthy()
    await page.goto(link!)
    await page.getByLabel('New password', { exact: true }).fill('New-Password-2')
    await page.getByLabel('Confirm new password').fill('New-Password-2')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await waitForPath(page, '/login')

    await signInThroughForm(page, 'reset.me@example.com', 'New-Password-2')
    // a free member lands on My Account (decision 015)
    await waitForPath(page, '/dashboard')
    await context.close()
  })
})

describe('other ways in', () => {
  test('a visitor signs in with Google through the local OpenID Connect server', async () => {
    stack.setGoogleUser({ sub: 'g-42', email: 'grace.google@example.com', name: 'Grace Hopper' })
    const { page, context } = await stack.newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    // a new account is a free member: home is My Account (decision 015)
    await waitForPath(page, '/dashboard')
    const session = await page.evaluate(async () => (await fetch('/api/accounts/session')).json())
    expect(session.user).toMatchObject({ email: 'grace.google@example.com', firstName: 'Grace', lastName: 'Hopper' })
    await context.close()
  })

  test('a member turns on two-factor in settings and then signs in with a code', async () => {
    await stack.createMember({
      email: 'careful@example.com',
      password: 'Careful-Pass-1',
      firstName: 'Cara',
      lastName: 'Ful',
    })
    const { page, context } = await stack.newPage()
    await page.goto('/login')
    await signInThroughForm(page, 'careful@example.com', 'Careful-Pass-1')
    await waitForPath(page, '/dashboard')
    await page.goto('/settings')
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click()
    await page.getByLabel('Password', { exact: true }).fill('Careful-Pass-1')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByAltText('QR code for your authenticator app').waitFor()
    const secret = await page.evaluate(() => {
      const text = document.body.innerText
      return /\b([A-Z2-7]{16,})\b/.exec(text)?.[1] ?? null
    })
    expect(secret).toBeTruthy()
    await page.getByLabel('Verification code').fill(authenticator.generate(secret!))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect.poll(() => page.getByText('Two-factor authentication enabled').count()).toBeGreaterThan(0)
    await context.close()

    const next = await stack.newPage()
    await next.page.goto('/login')
    await signInThroughForm(next.page, 'careful@example.com', 'Careful-Pass-1')
    await next.page.getByLabel('Verification code').fill(authenticator.generate(secret!))
    await next.page.getByRole('button', { name: 'Verify' }).click()
    await waitForPath(next.page, '/dashboard')
    await next.context.close()
  })
})

describe('e-mail verification', () => {
  test('a new member sees the banner, asks for a link, opens the one from the mail, and the banner is gone', async () => {
    const { page, context } = await stack.newPage()
    await page.goto('/create-account')
    await page.getByLabel('First name').fill('Vera')
    await page.getByLabel('Last name').fill('Fied')
    await page.getByLabel('Email').fill('vera.fied@example.com')
    await page.getByLabel('Password', { exact: true }).fill('Verify-Me-2026')
    await page.getByLabel('Confirm password').fill('Verify-Me-2026')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByLabel('Closest major city').selectOption('Toronto')
    await page.getByLabel('Experience level').selectOption('Mid-Level')
    await page.getByLabel('Technology').check()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await waitForPath(page, '/subscription')

    const banner = page.getByRole('region', { name: 'Email verification' })
    await banner.getByText('Please verify your email address').waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    const welcome = await stack.smtp.waitFor('vera.fied@example.com', /welcome/i)
    await banner.getByRole('button', { name: 'Resend verification e-mail' }).click()
    await banner.getByText('Verification e-mail sent. Please check your inbox.').waitFor()
    const again = await stack.smtp.waitFor('vera.fied@example.com', /^Verify your/)

    const linkOf = (text: string) => /https?:\/\/\S+\/verify-email\?token=\S+/.exec(text)?.[0]
    expect(linkOf(welcome.text)).toBeTruthy()
    await page.goto(linkOf(again.text)!)
    await page.getByText('Your email address is verified').waitFor()
    // onwards to the member's own home: a free member's account page, with its way to subscribe
    await page.getByRole('link', { name: 'Continue to My Account' }).click()
    await waitForPath(page, '/dashboard')
    await page.getByRole('heading').first().waitFor()
    expect(await banner.count()).toBe(0)

    // once the address is verified, every other link it was sent is spent: the welcome's is refused
    await page.goto(linkOf(welcome.text)!)
    await page.getByText('This verification link has expired or was already used').waitFor()
    await page.getByText('Your email address is already verified').waitFor()
    await context.close()
  })

  test('an unverified member opening a used link is offered a new one', async () => {
    const { page, context } = await stack.signedInPage({
      email: 'una.verified@example.com',
      password: 'Unverified-1',
      firstName: 'Una',
      lastName: 'Verified',
      emailVerified: false,
    })
    await page.goto('/verify-email?token=used-or-made-up')
    await page.getByText('This verification link has expired or was already used').waitFor()
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click()
    await page.getByText('Verification e-mail sent. Please check your inbox.').first().waitFor()
    await stack.smtp.waitFor('una.verified@example.com', /^Verify your/)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await context.close()
  })
})

describe('guards', () => {
  test('a member opening /admin lands on /dashboard', async () => {
    await stack.createMember({
      email: 'curious@example.com',
      password: 'Curious-Pass-1',
      firstName: 'Cu',
      lastName: 'Rious',
      subscribedDays: 30,
    })
    const { page, context } = await stack.newPage()
    await page.goto('/login')
    await signInThroughForm(page, 'curious@example.com', 'Curious-Pass-1')
    await waitForPath(page, '/prestige-club')
    await page.goto('/admin')
    await waitForPath(page, '/dashboard')
    await context.close()
  })

  test('a free member on a premium page sees the Premium Feature lock screen leading to /subscription', async () => {
    await stack.createMember({
      email: 'free.rider@example.com',
      password: 'Free-Rider-1',
      firstName: 'Fre',
      lastName: 'E',
    })
    const { page, context } = await stack.newPage()
    await page.goto('/login')
    await signInThroughForm(page, 'free.rider@example.com', 'Free-Rider-1')
    await page.waitForURL((url) => url.pathname !== '/login')
    await page.goto('/jobs')
    await page.getByRole('heading', { name: 'Premium Feature' }).waitFor()
    const join = page.getByRole('link', { name: 'Join the Career Labs' })
    expect(await join.getAttribute('href')).toBe('/subscription')
    await context.close()
  })

  test('an admin signs in through the Admin Login dialog and lands on /admin', async () => {
    await stack.createMember({
      email: 'chief@example.com',
      password: 'Chief-Pass-1',
      firstName: 'Chi',
      lastName: 'Ef',
      admin: true,
    })
    const { page, context } = await stack.newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: 'Admin Login' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Email').fill('chief@example.com')
    await dialog.getByLabel('Password').fill('Chief-Pass-1')
    await dialog.getByRole('button', { name: 'Sign In as Admin' }).click()
    await waitForPath(page, '/admin')
    await context.close()
  })
})

describe('accessibility', () => {
  test.each(['/login', '/create-account', '/reset-password?token=example', '/no-such-page'])(
    'axe-core finds no serious or critical violation on %s',
    async (path) => {
      const { page, context } = await stack.newPage()
      await page.goto(path)
      await page.getByRole('heading').first().waitFor()
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      await context.close()
    },
  )

  test('an unknown page shows the not-found page with Return Home', async () => {
    const { page, context } = await stack.newPage()
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await page.getByRole('link', { name: 'Return Home' }).click()
    await waitForPath(page, '/')
    await context.close()
  })
})
