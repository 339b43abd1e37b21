import { useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import {
  languageLabels,
  languages,
  passwordLengthRange,
  sessionTimeoutRange,
  settingsMessages,
  smtpSecurityLabels,
  smtpSecurityOptions,
  type AdminSettingsView,
  type MailRoute,
  type TestMailResult,
} from '#shared/admin/settings.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { messageOf } from '#web/lib/api.ts'
import { useSendTestMail } from '#web/features/admin/settings/api.ts'
import {
  SelectSetting,
  TextSetting,
  ToggleSetting,
  useCardSaver,
} from '#web/features/admin/settings/setting-fields.tsx'

function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description: ReactNode
  children: ReactNode
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  )
}

const Note = ({ children }: { children: ReactNode }) => <p className="text-xs text-muted-foreground">{children}</p>

export function GeneralCard({ settings }: { settings: AdminSettingsView }) {
  const saver = useCardSaver('general')
  const { general } = settings
  return (
    <SettingsCard id="settings-general" title="General" description="How the platform presents itself.">
      <TextSetting
        saver={saver}
        field="platformName"
        label="Platform name"
        value={general.platformName}
        hint="Shown in the header, the footer, page titles and as the sender of every e-mail."
      />
      <TextSetting
        saver={saver}
        field="supportEmail"
        label="Support e-mail"
        type="email"
        autoComplete="off"
        value={general.supportEmail}
        hint="Contact form messages go here (answering one answers the sender). Empty: they go to every admin."
      />
      <SelectSetting
        saver={saver}
        field="defaultLanguage"
        label="Default language"
        value={general.defaultLanguage}
        options={languages.map((language) => ({ value: language, label: languageLabels[language] }))}
      />
      <Note>Stored for when translations arrive: pages and e-mails are in English only for now.</Note>
      <ToggleSetting
        saver={saver}
        field="maintenanceMode"
        label="Maintenance mode"
        value={general.maintenanceMode}
        note="While on, members and visitors see a maintenance page and the API answers them 503; admins keep working and can still sign in."
      />
    </SettingsCard>
  )
}

const routeNotes: Record<MailRoute, string> = {
  settings: 'Mail leaves through the SMTP server below.',
  environment: "No SMTP host is set here: mail leaves through the server's own SMTP settings (SMTP_HOST).",
  mailbox: 'No SMTP server is set anywhere: mail goes to the development mailbox (Admin > Mailbox).',
}

export function EmailCard({ settings }: { settings: AdminSettingsView }) {
  const saver = useCardSaver('email')
  const { email, environment } = settings
  const [password, setPassword] = useState('')
  const testMail = useSendTestMail()
  const [result, setResult] = useState<TestMailResult>()

  const savePassword = async () => {
    if (!password) return
    if (await saver.save({ smtpPassword: password })) setPassword('')
  }
  const sendTest = async () => {
    setResult(undefined)
    try {
      const answer = await testMail.mutateAsync()
      setResult(answer)
      if (answer.sent) toast.success(answer.message)
      else toast.error(answer.message)
    } catch (error) {
      const message = messageOf(error, settingsMessages.testMailFailed('the server did not answer'))
      setResult({ sent: false, message })
      toast.error(message)
    }
  }

  return (
    <SettingsCard
      id="settings-email"
      title="Email"
      description="The SMTP server every e-mail of the platform leaves through, applied to all mail at once."
    >
      <Note>{routeNotes[environment.mailRoute]}</Note>
      <TextSetting
        saver={saver}
        field="smtpHost"
        label="SMTP host"
        value={email.smtpHost}
        placeholder="smtp.example.com"
        hint="Empty: the server's own SMTP settings, or the development mailbox."
      />
      <TextSetting
        saver={saver}
        field="smtpPort"
        label="SMTP port"
        type="number"
        min={1}
        max={65535}
        value={email.smtpPort}
      />
      <SelectSetting
        saver={saver}
        field="smtpSecurity"
        label="Security"
        value={email.smtpSecurity}
        options={smtpSecurityOptions.map((option) => ({ value: option, label: smtpSecurityLabels[option] }))}
      />
      <TextSetting
        saver={saver}
        field="smtpUsername"
        label="SMTP username"
        autoComplete="off"
        value={email.smtpUsername}
      />
      <div className="grid gap-2">
        <TextField
          label="SMTP password"
          type="password"
          autoComplete="new-password"
          value={password}
          placeholder={
            email.smtpPasswordSet ? 'A password is saved: type a new one to replace it' : 'No password saved'
          }
          hint={
            environment.secretKeyAvailable
              ? 'Stored encrypted and never shown again; saved when you leave the field.'
              : settingsMessages.smtpPasswordUnavailable
          }
          error={saver.errors.smtpPassword}
          disabled={!environment.secretKeyAvailable}
          onChange={(event) => setPassword(event.target.value)}
          onBlur={() => void savePassword()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              void savePassword()
            }
          }}
        />
        <p className="text-sm" aria-live="polite">
          {email.smtpPasswordSet ? 'A password is saved.' : 'No password is saved.'}
        </p>
        {email.smtpPasswordSet ? (
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            disabled={saver.pending}
            onClick={() => void saver.save({ smtpPassword: null })}
          >
            Remove the saved password
          </Button>
        ) : null}
      </div>
      <div className="grid gap-2 border-t border-border pt-4">
        <Button variant="outline" className="w-fit" disabled={testMail.isPending} onClick={() => void sendTest()}>
          {testMail.isPending ? 'Sending…' : 'Send test e-mail'}
        </Button>
        <p className="text-xs text-muted-foreground">Sends one e-mail to you, now, the way every e-mail leaves.</p>
        <p role="status" className={result && !result.sent ? 'text-sm text-destructive' : 'text-sm'}>
          {result?.message}
        </p>
      </div>
    </SettingsCard>
  )
}

export function SecurityCard({ settings }: { settings: AdminSettingsView }) {
  const saver = useCardSaver('security')
  const { security, environment } = settings
  return (
    <SettingsCard id="settings-security" title="Security" description="Rules every account follows.">
      <TextSetting
        saver={saver}
        field="minPasswordLength"
        label="Minimum password length"
        type="number"
        min={passwordLengthRange.min}
        max={passwordLengthRange.max}
        value={security.minPasswordLength}
        hint={`${passwordLengthRange.min} to ${passwordLengthRange.max} characters; applies to sign-up, password changes, resets and invitations.`}
      />
      <TextSetting
        saver={saver}
        field="sessionTimeout"
        label="Session timeout (minutes)"
        type="number"
        min={sessionTimeoutRange.min}
        max={sessionTimeoutRange.max}
        value={security.sessionTimeout}
        hint={`At least ${sessionTimeoutRange.min} minutes: a session unused for longer ends and its holder signs in again.`}
      />
      <ToggleSetting
        saver={saver}
        field="require2FA"
        label="Require two-factor authentication for admins"
        value={security.require2FA || environment.adminTwoFactorForced}
        disabled={environment.adminTwoFactorForced}
        note={
          environment.adminTwoFactorForced
            ? 'Always on: the server requires it (ADMIN_REQUIRE_2FA).'
            : 'Admins without two-factor are sent to turn it on (Settings > Security) before using the admin area.'
        }
      />
      <ToggleSetting
        saver={saver}
        field="allowSocialLogin"
        label="Allow social sign-in (Google)"
        value={security.allowSocialLogin}
        note={
          environment.socialSignInConfigured
            ? 'Off: the Google button disappears and Google sign-ins are refused.'
            : 'Google sign-in is not configured on the server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET), so there is no button to show either way.'
        }
      />
    </SettingsCard>
  )
}

export function IntegrationsCard({ settings }: { settings: AdminSettingsView }) {
  const saver = useCardSaver('integrations')
  const { integrations } = settings
  return (
    <SettingsCard
      id="settings-integrations"
      title="Integrations"
      description="Identifiers of outside services, checked against their formats."
    >
      <Note>
        Stored only: the platform loads no analytics, chat widget or error-reporting script yet (it promises members no
        trackers), so these take effect when such an integration is built.
      </Note>
      <TextSetting
        saver={saver}
        field="analyticsId"
        label="Analytics ID"
        autoComplete="off"
        value={integrations.analyticsId}
        placeholder="G-AB12CD34EF"
        hint="A Google Analytics 4 measurement ID (G- and 4 to 20 letters or digits)."
      />
      <TextSetting
        saver={saver}
        field="chatWidgetId"
        label="Chat widget app ID"
        autoComplete="off"
        value={integrations.chatWidgetId}
        hint="As your chat provider shows it: 4 to 64 letters, digits, - or _ (Intercom, Crisp, tawk.to)."
      />
      <TextSetting
        saver={saver}
        field="errorReportingDsn"
        label="Error-reporting DSN"
        autoComplete="off"
        value={integrations.errorReportingDsn}
        placeholder="https://publickey@errors.example.com/42"
        hint="A Sentry-style DSN: https://<public key>@<host>/<project id>."
      />
    </SettingsCard>
  )
}
