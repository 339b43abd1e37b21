import { Link } from 'react-router'
import { pathTo } from '#shared/pages.ts'

export type Feature = {
  title: string
  text: string
  to: string
}

// spec 000 §1: what the membership holds, each tile leading to its area.
export const features: Feature[] = [
  {
    title: 'Community',
    text: 'Share wins, questions and photos with ambitious professionals and students, live as it happens.',
    to: pathTo('community'),
  },
  {
    title: 'Private job board',
    text: 'Curated roles with a match score computed from your own skills.',
    to: pathTo('jobs'),
  },
  {
    title: 'Course marketplace',
    text: 'Practical courses to close the gaps between you and the next role.',
    to: pathTo('coursesMarketplace'),
  },
  {
    title: 'Resume reviews',
    text: 'Upload your resume and get it scored and annotated by career coaches.',
    to: pathTo('resumeReview'),
  },
  {
    title: 'Career coach chat',
    text: 'Talk to a coach about offers, negotiations and next steps.',
    to: pathTo('careerChat'),
  },
  {
    title: 'Events',
    text: 'Workshops, panels and networking sessions with limited seats.',
    to: pathTo('events'),
  },
  {
    title: 'Career goals',
    text: 'A dashboard, daily routine and calendar that keep your plan moving.',
    to: pathTo('dailyRoutine'),
  },
  {
    title: 'Live layoff tracker',
    text: 'Public layoff notices from US states, searchable and charted.',
    to: pathTo('layoffs'),
  },
]

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto w-full max-w-6xl px-4 py-16">
      <div className="mb-10 grid gap-2 text-center">
        <h2 id="features-heading" className="text-3xl font-semibold tracking-tight">
          Everything your career needs, in one membership
        </h2>
        <p className="text-muted-foreground">One place to learn, connect, apply and grow.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ title, text, to }) => (
          <li key={title} className="relative grid content-start gap-3 rounded-xl border border-border bg-card p-5">
            <span aria-hidden="true" className="h-1 w-8 rounded-full bg-primary" />
            <h3 className="font-semibold">
              <Link to={to} className="after:absolute after:inset-0 hover:underline">
                {title}
              </Link>
            </h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
