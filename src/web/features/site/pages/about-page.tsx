import {
  Building2,
  BriefcaseBusiness,
  CalendarDays,
  Check,
  FileText,
  GraduationCap,
  MessageCircle,
  Target,
  TrendingDown,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { Link } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { ContentCallout, ContentPage } from '#web/features/site/components/content-page.tsx'
import { PageTitle } from '#web/components/page-title.tsx'

type Feature = { icon: LucideIcon; title: string; description: string }

const features: Feature[] = [
  {
    icon: Users,
    title: 'Community feed',
    description:
      'Share posts with photos and videos, comment and like, and follow the conversation as it happens with live updates. Visible only to members with community access.',
  },
  {
    icon: BriefcaseBusiness,
    title: 'Private job board with skill match',
    description: 'Browse openings posted for members and see how well your skills match each role before you apply.',
  },
  {
    icon: GraduationCap,
    title: 'Course marketplace',
    description: 'Find courses that build the skills your next role asks for, from practical tools to leadership.',
  },
  {
    icon: FileText,
    title: 'Resume reviews by coaches',
    description: 'Get personal feedback on your resume from career coaches, so it tells your story clearly.',
  },
  {
    icon: CalendarDays,
    title: 'Events',
    description: 'Join events to learn from others, ask questions and meet professionals in your field.',
  },
  {
    icon: MessageCircle,
    title: 'Career coach chat',
    description: 'Talk through a decision, an offer or an interview with a career coach.',
  },
  {
    icon: Target,
    title: 'Career goals and daily routine',
    description: 'Set your career goals and turn them into a daily routine you can keep.',
  },
  {
    icon: TrendingDown,
    title: 'Live layoff tracker',
    description: 'Follow layoffs as they are announced, built from the public WARN notices US states publish.',
  },
  {
    icon: Building2,
    title: 'Student internships',
    description:
      'On the Business plan, small businesses and founders request rotating student interns, and students gain real work experience.',
  },
]

const audiences = [
  {
    title: 'Corporate professionals',
    text: 'You want to grow in your role, change direction, or be ready when the market shifts. Prestige Labs gives you a network, coaching and opportunities in one place.',
  },
  {
    title: 'Students',
    text: 'You are preparing for your first role. Learn from working professionals, get your resume reviewed and gain experience through internships with small businesses.',
  },
  {
    title: 'Small businesses and founders',
    text: 'You need capable help without a full hiring process. Request rotating student interns, post jobs and get matched with interns who fit the work.',
  },
]

const plans = [
  {
    name: 'Prestige Club',
    price: '$39.99',
    summary: 'Full access to the membership for one professional.',
  },
  {
    name: 'Business',
    price: '$49',
    summary: 'For small businesses and founders: the intern talent pool, job posts and intern matching.',
  },
]

/** /prestige-labs: what Prestige Labs is, who it is for and what the membership contains. */
export function AboutPage() {
  return (
    <ContentPage
      eyebrow="About"
      title="About Prestige Labs"
      lead="A career lab for corporate professionals and students: community, jobs, learning and coaching in one membership."
      className="max-w-4xl"
      footer={
        <ContentCallout title="Start your membership">
          <p className="text-muted-foreground">
            Create your account in a minute with your e-mail address or Google, then choose the plan that fits you. You
            can cancel at any time.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={pathTo('createAccount')} className={buttonClasses('primary', 'md')}>
              Create your account
            </Link>
            <Link to={pathTo('subscription')} className={buttonClasses('outline', 'md')}>
              Compare plans
            </Link>
            <Link to={pathTo('login')} className={buttonClasses('ghost', 'md')}>
              Sign in to your account
            </Link>
          </div>
        </ContentCallout>
      }
    >
      <PageTitle>About</PageTitle>
      <h2>What Prestige Labs is</h2>
      <p>
        Careers rarely move forward alone. Prestige Labs brings together the things that help: people who have been
        where you want to go, a private job board for members, skills you can learn at your own pace and coaches who
        give honest, personal feedback. Instead of a dozen separate tools, it is one membership built around your next
        step.
      </p>
      <p>
        We keep adding to the lab, and some areas open to members step by step. Your membership covers each area of your
        plan as it becomes available.
      </p>

      <h2>Who it is for</h2>
      <ul className="list-none! gap-4 pl-0! sm:grid-cols-3" aria-label="Who Prestige Labs is for">
        {audiences.map((audience) => (
          <li
            key={audience.title}
            className="grid content-start gap-2 rounded-xl border border-border bg-card p-5 pl-5! text-card-foreground"
          >
            <h3 className="mt-0!">{audience.title}</h3>
            <p className="text-sm text-muted-foreground">{audience.text}</p>
          </li>
        ))}
      </ul>

      <h2>What the membership contains</h2>
      <ul className="list-none! gap-4 pl-0! sm:grid-cols-2" aria-label="Membership features">
        {features.map(({ icon: Icon, title, description }) => (
          <li key={title} className="flex gap-4 rounded-xl border border-border bg-card p-5 pl-5! text-card-foreground">
            <Icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-accent" />
            <div className="grid content-start gap-1">
              <h3 className="mt-0!">{title}</h3>
              <p className="text-sm text-muted-foreground">{description}</p>
            </div>
          </li>
        ))}
      </ul>

      <h2>Plans</h2>
      <p>
        Both plans are billed monthly through Stripe and can be cancelled at any time from Settings &gt; Subscription.
      </p>
      <ul className="list-none! gap-4 pl-0! sm:grid-cols-2" aria-label="Plans">
        {plans.map((plan) => (
          <li
            key={plan.name}
            className="grid content-start gap-2 rounded-xl border border-border bg-card p-5 pl-5! text-card-foreground"
          >
            <h3 className="mt-0!">{plan.name}</h3>
            <p>
              <span className="text-2xl font-semibold">{plan.price}</span>
              <span className="text-muted-foreground"> per month</span>
            </p>
            <p className="text-sm text-muted-foreground">{plan.summary}</p>
          </li>
        ))}
      </ul>
      <p>
        A limited-time promotion can make your first month free. After cancelling, your access lasts until the end of
        the period you have paid for. See every detail on the <Link to={pathTo('subscription')}>plans page</Link>.
      </p>

      <h2>Built with your trust in mind</h2>
      <ul className="list-none! pl-0!" aria-label="Security and privacy">
        {[
          'Sign in with e-mail and password or with Google, and add two-factor authentication with an authenticator app.',
          'Card payments are handled by Stripe; your card details never reach us.',
          'Community posts are visible only to members with access to the community.',
          'No advertising or third-party tracking cookies.',
        ].map((item) => (
          <li key={item} className="flex items-start gap-2 pl-0!">
            <Check aria-hidden="true" className="mt-1.5 size-4 shrink-0 text-accent" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
      <p>
        Read our <Link to={pathTo('privacy')}>Privacy Policy</Link> and{' '}
        <Link to={pathTo('terms')}>Terms of Service</Link>, browse the{' '}
        <Link to={pathTo('faqs')}>frequently asked questions</Link>, or learn how to{' '}
        <Link to={pathTo('partners')}>partner with Prestige Labs</Link>. Questions? E-mail{' '}
        <a href="mailto:support@prestigelabs.example">support@prestigelabs.example</a>.
      </p>
    </ContentPage>
  )
}
