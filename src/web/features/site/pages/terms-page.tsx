import { Link } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { ContentPage } from '#web/features/site/components/content-page.tsx'
import { PageTitle } from '#web/components/page-title.tsx'

const supportEmail = 'support@prestigelabs.example'

/** /terms: the terms of service of the membership. */
export function TermsPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms of Service"
      lead="The agreement between you and Prestige Labs when you create an account or become a member. Please read it carefully."
      updated="2026-11-22"
    >
      <PageTitle>Terms of Service</PageTitle>
      <p>
        By creating an account or using Prestige Labs you agree to these terms. If you do not agree, please do not use
        the service. Our <Link to={pathTo('privacy')}>Privacy Policy</Link> explains how we handle your personal data
        and forms part of these terms.
      </p>

      <h2>1. Your account</h2>
      <ul>
        <li>You must give accurate information when you sign up and keep it up to date.</li>
        <li>
          Your account is personal. Keep your password and backup codes secret, and do not share your account with
          others. We recommend turning on two-factor authentication.
        </li>
        <li>
          You are responsible for what happens under your account. Tell us at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> if you think someone else has used it.
        </li>
      </ul>

      <h2>2. Membership</h2>
      <p>
        Prestige Labs is a career lab for corporate professionals and students. Depending on your plan, the membership
        includes areas such as the community feed, the private job board, courses, resume reviews, events, career
        coaching, career goals and the layoff tracker. Some areas are being rolled out over time, and we may improve,
        change or retire features as the service develops.
      </p>
      <ul>
        <li>
          <strong>Prestige Club</strong> ($39.99 per month) gives full access to the membership for one professional.
        </li>
        <li>
          <strong>Business</strong> ($49 per month) gives small businesses and founders the intern talent pool, job
          posts and intern matching.
        </li>
      </ul>
      <p>
        Current plans and prices are shown on the <Link to={pathTo('subscription')}>plans page</Link>.
      </p>

      <h2>3. Billing, renewal and cancellation</h2>
      <ul>
        <li>Plans are billed monthly in advance through Stripe, our payment provider.</li>
        <li>Your subscription renews automatically each month until you cancel it.</li>
        <li>
          A limited-time promotion may give you a free first month, once per member. Unless you cancel before the free
          month ends, the subscription then continues at the regular price.
        </li>
        <li>
          You can cancel at any time from Settings &gt; Subscription, through the Stripe billing portal. After
          cancelling, you keep access until the end of the period you have already paid for, and you are not charged
          again.
        </li>
        <li>
          If a payment fails, access to paid areas may be paused until the payment succeeds. If we change the price of a
          plan, we will tell you before the new price applies to you.
        </li>
      </ul>

      <h2>4. Community rules</h2>
      <p>
        The community works because members treat each other with respect. When you post, comment or upload, you agree
        not to:
      </p>
      <ul>
        <li>harass, threaten, bully or discriminate against anyone;</li>
        <li>post spam, unsolicited advertising or misleading content;</li>
        <li>post illegal content, or content that infringes someone else&rsquo;s rights;</li>
        <li>share other people&rsquo;s personal information without their consent;</li>
        <li>try to break, overload or gain unauthorized access to the service or other members&rsquo; accounts.</li>
      </ul>
      <p>
        Our admins moderate the community and may delete posts or comments that break these rules. We may suspend or
        close accounts that break them seriously or repeatedly.
      </p>

      <h2>5. Your uploads and content</h2>
      <ul>
        <li>You may upload images and videos of less than 5 MB each.</li>
        <li>Only upload material you created or otherwise have the rights to share.</li>
        <li>
          You keep ownership of what you post. You allow us to store it and show it to members with access to the
          community, for as long as it stays on Prestige Labs.
        </li>
      </ul>

      <h2>6. Job listings, courses and coaching</h2>
      <h3>Job listings</h3>
      <p>
        Job listings on the job board come from third parties. We do not employ the candidates, and we cannot guarantee
        the accuracy of a listing, an interview or employment. Hiring decisions are made by the employer.
      </p>
      <h3>Coaching and resume reviews</h3>
      <p>
        Coaches, resume reviews, courses and the career coach chat offer career advice and general information. They are
        not legal, financial, tax or immigration advice. For those matters, please consult a qualified professional.
      </p>
      <h3>Layoff tracker</h3>
      <p>
        The layoff tracker is built from public WARN notices published by US states. We present it for information, and
        it may be incomplete or delayed compared with the original notices.
      </p>
      <h3>Student interns</h3>
      <p>
        When a business takes on a student intern through Prestige Labs, the business and the intern are responsible for
        agreeing the terms of the internship and for complying with the laws that apply to it.
      </p>

      <h2>7. Limitation of liability</h2>
      <p>
        Prestige Labs is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. To the extent the law allows, we
        are not liable for indirect or consequential losses, lost income or lost opportunities, or for content posted by
        members or third parties, and our total liability to you is limited to the amount you paid us in the twelve
        months before the claim. Nothing in these terms limits liability that cannot be limited by law.
      </p>

      <h2>8. Ending your account</h2>
      <p>
        You can stop using Prestige Labs at any time and ask us to delete your account by e-mail. We may suspend or
        close an account that breaks these terms. Sections that by their nature should continue, such as the limitation
        of liability, survive the end of your account.
      </p>

      <h2>9. Governing law</h2>
      <p>These terms are governed by the laws of the State of New York, United States.</p>

      <h2>10. Changes to these terms</h2>
      <p>
        We may update these terms as the service changes. We will give members notice of material changes before they
        take effect, and the date at the top of this page shows the latest version. If you keep using Prestige Labs
        after a change takes effect, the updated terms apply.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about these terms? E-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </ContentPage>
  )
}
