import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { GraduationCap, ListChecks, Users, type LucideIcon } from 'lucide-react'
import type { Recommendation, Recommendations } from '#shared/goals/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { recommendationsQuery } from '#web/features/goals/api/recommendations.ts'

// spec 001 §2 member dashboard: the recommendations panel, computed from the
// member's own data (issue 21) rather than three fixed lists. Rule-based, not AI:
// the card says so, and every item says why.

const sections: Array<{ key: keyof Recommendations; title: string; icon: LucideIcon; empty: string }> = [
  {
    key: 'nextSteps',
    title: 'Next steps',
    icon: ListChecks,
    empty: 'Your goals are on track and your profile is complete.',
  },
  {
    key: 'skillDevelopment',
    title: 'Skill development',
    icon: GraduationCap,
    empty: 'No skill is missing from the jobs you saved or the trending skills.',
  },
  {
    key: 'networkBuilding',
    title: 'Network building',
    icon: Users,
    empty: 'No upcoming event or community activity to suggest right now.',
  },
]

function Item({ item }: { item: Recommendation }) {
  return (
    <li className="grid gap-1">
      {item.href ? (
        <Link to={item.href} className="font-medium underline-offset-4 hover:underline">
          {item.title}
        </Link>
      ) : (
        <span className="font-medium">{item.title}</span>
      )}
      <span className="text-sm text-muted-foreground">{item.because}</span>
    </li>
  )
}

function Section({
  title,
  icon: Icon,
  items,
  empty,
}: {
  title: string
  icon: LucideIcon
  items: Recommendation[]
  empty: string
}) {
  const headingId = `recommendations-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-3">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <Icon aria-hidden="true" className="size-4 text-accent" />
        {title}
      </h3>
      {items.length > 0 ? (
        <ul className="grid gap-3">
          {items.map((item) => (
            <Item key={`${item.title}|${item.href ?? ''}`} item={item} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
    </section>
  )
}

/** Career Recommendations: next steps, skill development and network building, each item with its reason and link. */
export function RecommendationsCard() {
  const recommendations = useQuery(recommendationsQuery())
  let body: ReactNode
  if (recommendations.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your recommendations…
      </p>
    )
  } else if (recommendations.isError) {
    body = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>Your recommendations could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void recommendations.refetch()}>
          Try again
        </Button>
      </div>
    )
  } else if (sections.every(({ key }) => recommendations.data[key].length === 0)) {
    body = (
      <p className="text-sm text-muted-foreground">
        Nothing to recommend right now: your goals are on track and your profile is complete. Save jobs or set a new
        goal, and suggestions will follow.
      </p>
    )
  } else {
    const data = recommendations.data
    body = (
      <div className="grid gap-6 md:grid-cols-3">
        {sections.map(({ key, title, icon, empty }) => (
          <Section key={key} title={title} icon={icon} items={data[key]} empty={empty} />
        ))}
      </div>
    )
  }
  return (
    <Card
      role="region"
      aria-labelledby="card-career-recommendations"
      className="h-full md:col-span-2 lg:col-span-3"
      data-testid="career-recommendations"
    >
      <CardHeader>
        <CardTitle id="card-career-recommendations">Career Recommendations</CardTitle>
        <CardDescription>
          Based on your goals, profile and saved jobs; rule-based, and each suggestion says why.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4" aria-busy={recommendations.isFetching}>
        {body}
      </CardContent>
    </Card>
  )
}
