import { createHash, randomBytes } from 'node:crypto'
import type { Deps } from '#server/platform/context.ts'
import type { MailMessage } from '#server/platform/mail.ts'
import { emailVerificationTokenHours } from '#shared/accounts/constants.ts'
import * as queries from './queries.ts'
import { pathTo } from '#shared/pages.ts'

export type VerificationRecipient = { userId: string; email: string; firstName: string }

/** 'welcome' at sign-up (the welcome and the link in one mail); 'again' when the member asks for a new link. */
export type VerificationMailKind = 'welcome' | 'again'

/** Tokens are stored hashed: what the table holds cannot be turned back into a link. */
export function hashVerificationToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** The subject of each kind of verification mail: the mail's own, and the admin's failure list's. */
export function verificationMailSubject(kind: VerificationMailKind, platformName = 'Prestige Labs'): string {
  return kind === 'welcome'
    ? `Welcome to ${platformName}: please verify your email address`
    : `Verify your ${platformName} email address`
}

function verificationMail(
  recipient: VerificationRecipient,
  link: string,
  kind: VerificationMailKind,
  platformName: string,
): MailMessage {
  const greeting = recipient.firstName ? `Hi ${recipient.firstName},` : 'Hi,'
  const lines =
    kind === 'welcome'
      ? [
          greeting,
          '',
          `Welcome to ${platformName}! Your account is ready.`,
          '',
          `Please verify your email address by opening this link (it works once and expires in ${emailVerificationTokenHours} hours):`,
          link,
          '',
          'Until then you can look around, but not subscribe, post or comment in the community, or apply to jobs.',
          '',
          'If you did not create this account, ignore this e-mail.',
        ]
      : [
          greeting,
          '',
          `Please verify your email address by opening this link (it works once and expires in ${emailVerificationTokenHours} hours):`,
          link,
          '',
          'If you did not ask for this, ignore this e-mail.',
        ]
  return {
    to: recipient.email,
    subject: verificationMailSubject(kind, platformName),
    text: lines.join('\n'),
  }
}

/**
 * Makes a new single-use link for the member's address and mails it: what the
 * verification-mail job runs (jobs.ts), with the recipient as its only data.
 */
export async function sendVerificationMail(
  deps: Pick<Deps, 'config' | 'db' | 'mailer' | 'settings'>,
  recipient: VerificationRecipient,
  kind: VerificationMailKind,
) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + emailVerificationTokenHours * 3_600_000)
  await queries.insertEmailVerificationToken(
    deps.db,
    hashVerificationToken(token),
    { userId: recipient.userId, email: recipient.email },
    expiresAt,
  )
  const link = `${deps.config.baseUrl}${pathTo('verifyEmail')}?token=${encodeURIComponent(token)}`
  // the name as the admins set it (issue 22); read outside any transaction
  const { platformName } = (await deps.settings.read()).general
  await deps.mailer.send(verificationMail(recipient, link, kind, platformName))
}
