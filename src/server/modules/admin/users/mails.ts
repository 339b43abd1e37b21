import { createHash, randomBytes } from 'node:crypto'
import { withTransaction } from '#server/db/client.ts'
import type { Deps } from '#server/platform/context.ts'
import type { MailMessage } from '#server/platform/mail.ts'
import { oneLine } from '#server/platform/admin-mail.ts'
import { acceptInvitationPath, invitationValidDays } from '#shared/admin/users.ts'
import * as queries from './queries.ts'

// The invitation of an account an admin made (issue 22: a set-password link instead
// of a password typed for someone; docs/decisions/031). Like the verification mail
// (decision 014), the link's token is made when the mail goes, so no job row and no
// table ever holds a usable link: account_invitations keeps its SHA-256 only.

const dayMs = 86_400_000

/**
 * The stored form of a token. The accounts area reads links back with the same
 * hash (modules/accounts/invitations.ts): SHA-256, base64url, of the token's text.
 */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** The subject, with the platform's name as the admins set it (issue 22, General settings). */
export const invitationMailSubject = (platformName: string) => `You are invited to ${platformName}`

export function invitationMail(
  recipient: { email: string; firstName: string | null },
  link: string,
  options: { asAdmin: boolean; platformName: string },
): MailMessage {
  const name = oneLine(recipient.firstName ?? '')
  const platform = oneLine(options.platformName)
  return {
    to: recipient.email,
    subject: invitationMailSubject(platform),
    text: [
      name ? `Hi ${name},` : 'Hi,',
      '',
      options.asAdmin
        ? `An administrator of ${platform} has created an administrator account for you.`
        : `An administrator of ${platform} has created an account for you.`,
      '',
      `Choose your password by opening this link (it works once and expires in ${invitationValidDays} days):`,
      link,
      '',
      `Your account uses this e-mail address (${recipient.email}) to sign in.`,
      '',
      'If you did not expect this, ignore this e-mail: no one can use the account without the link.',
    ].join('\n'),
  }
}

/**
 * Makes a new single-use link for the user and mails it: what the invitation job
 * runs. The user's earlier links stop working first. A user who can already sign
 * in (a password set, Google), or who is gone, gets nothing.
 */
export async function sendInvitationMail(
  deps: Pick<Deps, 'config' | 'db' | 'mailer' | 'settings'>,
  invitation: { userId: string; invitedBy: string | null },
): Promise<'sent' | 'not-needed'> {
  const invitee = await queries.findInvitee(deps.db, invitation.userId)
  if (!invitee) return 'not-needed'
  // read before the transaction (a cold settings cache queries the database)
  const { platformName } = (await deps.settings.read()).general
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  await withTransaction(deps.db, async (tx) => {
    await queries.expirePendingInvitations(tx, invitee.id, now)
    await queries.insertInvitation(tx, {
      userId: invitee.id,
      tokenHash: hashInvitationToken(token),
      // an inviter deleted since is no reference any more
      invitedBy:
        invitation.invitedBy && (await queries.findAccount(tx, invitation.invitedBy)) ? invitation.invitedBy : null,
      expiresAt: new Date(now.getTime() + invitationValidDays * dayMs),
    })
  })
  const link = `${deps.config.baseUrl}${acceptInvitationPath}?token=${encodeURIComponent(token)}`
  await deps.mailer.send(invitationMail(invitee, link, { asAdmin: invitee.role === 'admin', platformName }))
  return 'sent'
}
