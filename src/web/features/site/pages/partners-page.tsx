import type { ReactNode } from 'react'
import { Briefcase, GraduationCap, MessagesSquare, Store, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { ContentCallout, ContentPage } from '#web/features/site/components/content-page.tsx'
import { PageTitle } from '#web/components/page-title.tsx'

const partnersEmail = 'partners@prestigelabs.example'

type PartnerKind = {
  icon: LucideIcon
  title: string
  intro: string
  points: ReactNode[]
}

const partnerKinds: PartnerKind[] = [
  {
    icon: GraduationCap,
    title: 'Universities and bootcamps',
    intro: 'Help your students and graduates make the step from learning to a first role, and keep growing after it.',
    points: [
      'Give students a community of working professionals, resume reviews by coaches and career goals with a daily routine.',
      'Place students in rotating internships with small businesses and founders.',
      'Offer courses to career-minded learners through the course marketplace.',
    ],
  },
  {
    icon: Briefcase,
    title: 'Employers',
    intro:
      'Reach motivated corporate professionals and students through a private job board, not a crowded public one.',
    points: [
      'Post openings on the members-only job board.',
      'Skill matching shows your roles to members whose skills fit them.',
      'Meet candidates at events and in the community.',
    ],
  },
  {
    icon: Store,
    title: 'Small businesses and founders',
    intro: 'Get help from capable students while giving them real work experience.',
    points: [
      'Request rotating student interns from the intern talent pool.',
      'Post jobs and get matched with interns who fit the work.',
      <>
        Both come with the <strong>Business</strong> plan at $49 per month.
      </>,
    ],
  },
  {
    icon: MessagesSquare,
    title: 'Coaches',
    intro: 'Share your experience with professionals and students who are actively working on their careers.',
    points: [
      'Review resumes and give practical, personal feedback.',
      'Guide members through the career coach chat and at events.',
      'Publish courses in the course marketplace.',
    ],
  },
]

/** /partners: who partners with Prestige Labs and how to become a partner. */
export function PartnersPage() {
  return (
    <ContentPage
      eyebrow="Partners"
      title="Partner with Prestige Labs"
      lead="Prestige Labs connects corporate professionals and students with the people who help careers move forward. We work with four kinds of partners."
      footer={
        <ContentCallout title="Become a partner">
          <p className="text-muted-foreground">
            Tell us who you are, which kind of partnership interests you and what you would like to achieve, at{' '}
            <span className="font-medium break-all text-foreground">{partnersEmail}</span>. We will reply to talk
            through how we can work together.
          </p>
          <div className="flex flex-wrap gap-3">
            <a
              href={`mailto:${partnersEmail}?subject=Partnership%20with%20Prestige%20Labs`}
              className={buttonClasses('primary', 'md')}
            >
              E-mail the partnerships team
            </a>
            <Link to={pathTo('subscription')} className={buttonClasses('outline', 'md')}>
              See the Business plan
            </Link>
          </div>
        </ContentCallout>
      }
    >
      <PageTitle>Partners</PageTitle>
      <p>
        Our members are building their careers: professionals who want to grow, change direction or stay ahead of
        layoffs, and students preparing for their first roles. Partners bring the opportunities, knowledge and
        experience that make the membership worth having.
      </p>

      <h2>Who we partner with</h2>
      <ul className="list-none! gap-4 pl-0! sm:grid-cols-2" aria-label="Kinds of partners">
        {partnerKinds.map(({ icon: Icon, title, intro, points }) => (
          <li key={title} className="pl-0!">
            <section className="grid h-full content-start gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground">
              <Icon aria-hidden="true" className="size-6 text-accent" />
              <h3 className="mt-0!">{title}</h3>
              <p className="text-sm text-muted-foreground">{intro}</p>
              <ul className="text-sm">
                {points.map((point, index) => (
                  <li key={index}>{point}</li>
                ))}
              </ul>
            </section>
          </li>
        ))}
      </ul>

      <h2>How to become a partner</h2>
      <ol>
        <li>
          E-mail <a href={`mailto:${partnersEmail}`}>{partnersEmail}</a> with a short introduction to your organization
          and what you have in mind.
        </li>
        <li>We get in touch to understand your goals and agree on the form the partnership takes.</li>
        <li>
          We set up what you need, such as job posts, intern requests or coaching, and introduce you to our members.
        </li>
      </ol>

      <h2>What we ask of partners</h2>
      <ul>
        <li>Accurate job listings and honest descriptions of internships and courses.</li>
        <li>
          Respect for members and for our community rules, as set out in the{' '}
          <Link to={pathTo('terms')}>Terms of Service</Link>.
        </li>
        <li>
          Careful handling of any member information you receive, in line with our{' '}
          <Link to={pathTo('privacy')}>Privacy Policy</Link>.
        </li>
      </ul>
      <p>
        Have a general question first? Many answers are on the <Link to={pathTo('faqs')}>FAQs page</Link>.
      </p>
    </ContentPage>
  )
}
