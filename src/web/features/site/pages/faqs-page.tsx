import type { ReactNode } from 'react'
import { ChevronDown } from 'lucide-react'
import { Link } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { ContentCallout, ContentPage } from '#web/features/site/components/content-page.tsx'
import { PageTitle } from '#web/components/page-title.tsx'

/** One question: a native disclosure, so it works without JavaScript and with the keyboard. */
function Faq({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-border bg-card text-card-foreground">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-4 py-3 font-medium hover:bg-muted [&::-webkit-details-marker]:hidden">
        {question}
        <ChevronDown
          aria-hidden="true"
          className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="grid gap-3 border-t border-border px-4 py-4 text-muted-foreground">{children}</div>
    </details>
  )
}

function FaqGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2>{title}</h2>
      <div className="grid gap-3">{children}</div>
    </section>
  )
}

/** /faqs: frequently asked questions about the membership, accounts, community and data. */
export function FaqsPage() {
  return (
    <ContentPage
      eyebrow="Help"
      title="Frequently Asked Questions"
      lead="Answers to the questions we hear most about membership, your account, the community and your data."
      footer={
        <ContentCallout title="Still have a question?">
          <p className="text-muted-foreground">
            Write to us at{' '}
            <a
              href="mailto:support@prestigelabs.example"
              className="font-medium text-accent underline underline-offset-4"
            >
              support@prestigelabs.example
            </a>{' '}
            and a member of the team will get back to you.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={pathTo('subscription')} className={buttonClasses('primary', 'md')}>
              Compare plans
            </Link>
            <Link to={pathTo('about')} className={buttonClasses('outline', 'md')}>
              Learn about Prestige Labs
            </Link>
          </div>
        </ContentCallout>
      }
    >
      <PageTitle>FAQs</PageTitle>
      <FaqGroup title="Membership and plans">
        <Faq question="What is Prestige Labs?">
          <p>
            Prestige Labs is a career lab for corporate professionals and students. One membership brings together a
            community feed, a private job board with skill matching, a course marketplace, resume reviews by coaches,
            events, a career coach chat, career goals with a daily routine and a live layoff tracker. Read more on the{' '}
            <Link to={pathTo('about')}>About Prestige Labs page</Link>.
          </p>
        </Faq>
        <Faq question="Which plans are there and what do they cost?">
          <p>There are two monthly plans:</p>
          <ul>
            <li>
              <strong>Prestige Club</strong>, $39.99 per month: full access to the membership for one professional.
            </li>
            <li>
              <strong>Business</strong>, $49 per month: for small businesses and founders, with the intern talent pool,
              job posts and intern matching.
            </li>
          </ul>
          <p>
            See the details and choose a plan on the <Link to={pathTo('subscription')}>plans page</Link>.
          </p>
        </Faq>
        <Faq question="Is there a free trial?">
          <p>
            From time to time we run a limited-time promotion that makes your first month free. While a promotion is
            running, it is shown on the site and applied at checkout. The free month can be used once per member.
          </p>
        </Faq>
        <Faq question="How do I cancel my subscription?">
          <p>
            You can cancel at any time with <strong>Cancel membership</strong> under{' '}
            <strong>Settings &gt; Subscription</strong>, and change to another plan there too. There is no cancellation
            fee. Your access continues until the end of the period you have already paid for, and you are not charged
            again; until then you can resume your membership with one click.
          </p>
        </Faq>
        <Faq question="Can I change my payment details?">
          <p>
            Yes. Payments are handled by Stripe: <strong>Manage billing</strong> under Settings &gt; Subscription opens
            the Stripe billing portal, where you update your card and see your invoices. We never see or store your card
            details.
          </p>
        </Faq>
        <Faq question="Are some features still being rolled out?">
          <p>
            Yes. We add to the membership continuously, and some areas open to members step by step. Your membership
            gives you access to each area covered by your plan as it becomes available.
          </p>
        </Faq>
      </FaqGroup>

      <FaqGroup title="Your account and security">
        <Faq question="How do I create an account?">
          <p>
            Go to <Link to={pathTo('createAccount')}>create an account</Link> and sign up with your e-mail address and a
            password, or continue with your Google account. Passwords need at least 8 characters, including an
            upper-case letter, a lower-case letter and a number.
          </p>
        </Faq>
        <Faq question="I forgot my password. What should I do?">
          <p>
            On the <Link to={pathTo('login')}>sign-in page</Link>, choose &ldquo;Forgot your password?&rdquo; and enter
            your e-mail address. We send you a link to set a new password. The link can be used once and expires after
            60 minutes. Setting a new password signs you out on all your devices.
          </p>
        </Faq>
        <Faq question="Why is my account locked?">
          <p>
            To protect your account, sign-in is locked for 15 minutes after 10 failed attempts. Wait until the lock
            expires and try again. If you no longer know your password, reset it by e-mail in the meantime.
          </p>
        </Faq>
        <Faq question="Can I use two-factor authentication?">
          <p>
            Yes, and we recommend it. In your account settings you can turn on two-factor authentication with an
            authenticator app (a time-based one-time code, TOTP). You also receive backup codes: keep them somewhere
            safe, because they let you sign in if you lose access to your authenticator app.
          </p>
        </Faq>
      </FaqGroup>

      <FaqGroup title="Community">
        <Faq question="Who can see what I post in the community?">
          <p>
            Posts, comments, likes and uploaded photos and videos are visible only to members who have access to the
            community. They are not public on the web.
          </p>
        </Faq>
        <Faq question="What can I upload?">
          <p>
            Images and videos under 5 MB each, which you took yourself or otherwise have the rights to share. Please
            read the <Link to={pathTo('terms')}>Terms of Service</Link> for the community rules.
          </p>
        </Faq>
        <Faq question="What happens if someone breaks the community rules?">
          <p>
            Harassment, spam and illegal content are not allowed. Our admins moderate the community and may delete posts
            or comments that break the rules. If you see something that should not be there, let us know at{' '}
            <a href="mailto:support@prestigelabs.example">support@prestigelabs.example</a>.
          </p>
        </Faq>
      </FaqGroup>

      <FaqGroup title="Jobs, courses and coaching">
        <Faq question="Does Prestige Labs guarantee me a job?">
          <p>
            No. Listings on the job board come from third-party employers, and skill matching helps you find roles that
            fit you, but hiring decisions are made by employers. We cannot guarantee interviews or employment.
          </p>
        </Faq>
        <Faq question="What is the layoff tracker?">
          <p>
            The layoff tracker is a live view of layoffs built from public WARN notices that US states publish when
            employers announce large-scale layoffs or closures. It helps you keep an eye on your industry and region.
          </p>
        </Faq>
        <Faq question="Is career coaching the same as legal or financial advice?">
          <p>
            No. Coaches give career advice, such as feedback on your resume or interview preparation. It is not legal,
            tax or financial advice; for those questions please consult a qualified professional.
          </p>
        </Faq>
        <Faq question="I run a small business. How do student interns work?">
          <p>
            With the Business plan, small businesses and founders can request rotating student interns from our intern
            talent pool, post jobs and get matched with interns who fit the work. Universities and bootcamps interested
            in placing students can read about our <Link to={pathTo('partners')}>partner program</Link>.
          </p>
        </Faq>
      </FaqGroup>

      <FaqGroup title="Privacy and data">
        <Faq question="What data do you keep about me?">
          <p>
            Only what we need to run the service: your account details, sign-up details, sign-in records for security,
            your subscription status and what you share in the community. The{' '}
            <Link to={pathTo('privacy')}>Privacy Policy</Link> lists everything in detail.
          </p>
        </Faq>
        <Faq question="Do you use advertising or tracking cookies?">
          <p>
            No. We only use the cookies needed to keep you signed in. Your theme preference (dark or light) is kept in
            your own browser.
          </p>
        </Faq>
        <Faq question="How do I delete my account or get a copy of my data?">
          <p>
            E-mail <a href="mailto:privacy@prestigelabs.example">privacy@prestigelabs.example</a> from the address of
            your account. You can ask for a copy of your data, a correction, an export or the deletion of your account
            and its data.
          </p>
        </Faq>
      </FaqGroup>
    </ContentPage>
  )
}
