import { Link } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { ContentPage } from '#web/features/site/components/content-page.tsx'
import { PageTitle } from '#web/components/page-title.tsx'

const privacyEmail = 'privacy@prestigelabs.example'

/** /privacy: the privacy policy (what we hold, why, who processes it, your rights). */
export function PrivacyPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Privacy Policy"
      lead="What personal data Prestige Labs holds, why we hold it, who helps us process it and how you stay in control of it."
      updated="2026-11-22"
    >
      <PageTitle>Privacy Policy</PageTitle>
      <p>
        This policy applies to the Prestige Labs website and membership (&ldquo;Prestige Labs&rdquo;, &ldquo;we&rdquo;,
        &ldquo;us&rdquo;). We collect only what we need to run the service, we do not sell your data, and we do not use
        advertising or third-party tracking cookies.
      </p>

      <h2>1. The data we hold</h2>

      <h3>Account</h3>
      <p>
        Your name, your e-mail address and your password. Passwords are stored only as a secure hash; we never store
        them in plain text and cannot read them. If you sign in with Google, we receive your basic profile (name and
        e-mail address) from Google instead of a password.
      </p>

      <h3>Sign-up details</h3>
      <p>
        The city, experience level and industries you give when you sign up, which we use to tailor the membership to
        you.
      </p>

      <h3>Sign-in records</h3>
      <p>
        The time of sign-ins, the IP address used and the number of failed attempts. We keep these for security: to
        protect accounts against password guessing (an account is locked for 15 minutes after 10 failed sign-ins) and to
        investigate misuse.
      </p>

      <h3>Two-factor authentication</h3>
      <p>
        If you turn on two-factor authentication, we store the secret of your authenticator app and your backup codes so
        we can check the codes you enter.
      </p>

      <h3>Subscription</h3>
      <p>
        Your plan, your subscription status and your Stripe customer id. Card details are entered on Stripe&rsquo;s
        pages and handled by Stripe; they never reach our servers.
      </p>

      <h3>Community content</h3>
      <p>
        The posts, comments and likes you make, and the photos and videos you upload to the community. They are visible
        only to members who have access to the community, not to the public.
      </p>

      <h3>Product update sign-ups</h3>
      <p>
        If you give us your e-mail address to hear about updates, we use it only to send you product updates. You can
        unsubscribe at any time by e-mail.
      </p>

      <h2>2. How we use your data</h2>
      <ul>
        <li>To create and run your account and let you sign in securely.</li>
        <li>
          To provide the membership you chose, including the community, job matching and the other areas of your plan.
        </li>
        <li>To manage your subscription, payments and renewals through Stripe.</li>
        <li>To send you e-mails you need, such as password reset links, and product updates if you asked for them.</li>
        <li>To keep the service and its members safe, including moderating the community and preventing abuse.</li>
      </ul>

      <h2>3. Cookies and browser storage</h2>
      <p>We use only what is needed for the site to work:</p>
      <ul>
        <li>
          <strong>Session cookie</strong>: keeps you signed in. It is HTTP-only, so scripts on the page cannot read it,
          and it is sent only over secure connections in production.
        </li>
        <li>
          <strong>Session cache cookie</strong>: a short-lived, signed copy of your session that spares a database
          look-up on every page.
        </li>
        <li>
          <strong>Theme preference</strong>: your choice of dark or light theme, kept in your browser&rsquo;s local
          storage. It never leaves your device.
        </li>
        <li>
          <strong>Promotion notice</strong>: when a promotion is running, your browser&rsquo;s session storage remembers
          that you have seen its notice, so it is shown only once per visit.
        </li>
      </ul>
      <p>We do not use advertising cookies, analytics trackers or any third-party tracking cookies.</p>

      <h2>4. Who processes your data</h2>
      <p>
        We share personal data only with the service providers that help us run Prestige Labs, and only as far as they
        need it:
      </p>
      <ul>
        <li>
          <strong>Stripe</strong>, for payments and subscription billing.
        </li>
        <li>
          <strong>Our e-mail provider</strong>, to deliver account e-mails and product updates.
        </li>
        <li>
          <strong>Google</strong>, only if you choose to sign in with Google.
        </li>
      </ul>
      <p>We do not sell or rent your personal data to anyone.</p>

      <h2>5. Storage and retention</h2>
      <p>
        Your data and the files you upload are stored on our servers. We keep your data for as long as your account
        exists. When you ask us to delete your account, we delete your account and its data. To request deletion, e-mail
        us from the address of your account.
      </p>

      <h2>6. Security</h2>
      <p>
        Passwords are hashed, sessions are held in HTTP-only cookies, repeated failed sign-ins lock the account for a
        while, and you can protect your account further with two-factor authentication. Card details never reach us. No
        system is perfectly secure, but we work continuously to keep your data safe.
      </p>

      <h2>7. Your rights</h2>
      <p>
        Wherever you live, you can ask us to exercise the rights that laws such as the GDPR and the CCPA give, including
        to:
      </p>
      <ul>
        <li>access the personal data we hold about you;</li>
        <li>correct data that is wrong or incomplete;</li>
        <li>delete your account and your data;</li>
        <li>receive an export of your data in a portable format.</li>
      </ul>
      <p>
        Send your request to <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a> from the e-mail address of your
        account. You will not be treated differently for exercising your rights.
      </p>

      <h2>8. Changes to this policy</h2>
      <p>
        We may update this policy as the service changes. The date at the top of this page shows when it last changed,
        and we will tell members about significant changes before they take effect. Our{' '}
        <Link to={pathTo('terms')}>Terms of Service</Link> explain the rules for using the membership.
      </p>

      <h2>9. Contact</h2>
      <p>
        For privacy questions or requests, e-mail <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>. For anything
        else, write to <a href="mailto:support@prestigelabs.example">support@prestigelabs.example</a>.
      </p>
    </ContentPage>
  )
}
