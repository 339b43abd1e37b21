import { Link } from 'react-router'
import {
  CalendarCheck,
  ClipboardList,
  GraduationCap,
  HeartHandshake,
  MessagesSquare,
  PiggyBank,
  Repeat,
  Sparkles,
  Target,
  Users,
  Wallet,
  Zap,
} from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { BusinessRequestForm } from '#web/features/business/components/business-request-form.tsx'
import { PageTitle } from '#web/components/page-title.tsx'

// spec 002 §1-§2: the six steps of the model, in its order
const steps = [
  {
    icon: ClipboardList,
    title: 'Submit your request',
    text: 'Tell us about your business, the skills you need and the kind of help you are looking for.',
  },
  {
    icon: CalendarCheck,
    title: 'Schedule a consultation',
    text: 'We meet with you to understand your goals, your tools and what a good first project looks like.',
  },
  {
    icon: Users,
    title: 'Matching',
    text: 'We match you with a student tech intern from our curated talent pool whose skills fit your needs.',
  },
  {
    icon: Repeat,
    title: 'Rotational model',
    text: 'Every two months a new intern joins you, bringing fresh skills and ideas to your business.',
  },
  {
    icon: MessagesSquare,
    title: 'Ongoing support and feedback',
    text: 'We stay in touch throughout each cycle and collect your feedback at its end to improve the next match.',
  },
  {
    icon: Target,
    title: 'End goal',
    text: 'Your business grows with steady tech help, and students gain real experience that launches their careers.',
  },
] as const

const benefits = [
  {
    icon: Wallet,
    title: 'Affordable talent',
    text: 'One monthly subscription instead of the cost of a full-time hire.',
  },
  {
    icon: Zap,
    title: 'Fresh skills every cycle',
    text: 'A new intern every two months brings new ideas and abilities.',
  },
  {
    icon: GraduationCap,
    title: 'Curated students',
    text: 'Interns come from our vetted pool of motivated tech students.',
  },
  {
    icon: HeartHandshake,
    title: 'Support throughout',
    text: 'Consultation, matching and feedback are all part of the service.',
  },
] as const

/** /business (spec 002 §1-§3): the page for small businesses that want student tech interns. Public. */
export function BusinessPage() {
  return (
    <div className="grid gap-20 pb-20">
      <section aria-labelledby="business-hero" className="bg-card">
        <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="text-sm font-semibold tracking-widest text-accent uppercase">For businesses</p>
          <PageTitle>For Business</PageTitle>
          <h1 id="business-hero" className="text-4xl font-semibold tracking-tight sm:text-6xl">
            Student tech talent for your business
          </h1>
          <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
            Small businesses and solo founders get a rotating student intern, matched to their needs, with consultation
            and support every step of the way.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <a href="#business-request" className={buttonClasses('primary', 'lg')}>
              Request an intern
            </a>
            <Link to={pathTo('subscription')} className={buttonClasses('secondary', 'lg')}>
              See plans
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="business-steps" className="mx-auto grid w-full max-w-5xl gap-8 px-4 sm:px-6">
        <h2 id="business-steps" className="text-center text-3xl font-semibold tracking-tight">
          How it works
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title}>
              <Card className="h-full">
                <CardContent className="grid gap-3">
                  <div className="flex items-center gap-3">
                    <step.icon aria-hidden="true" className="size-6 text-accent" />
                    <span className="text-sm font-semibold text-muted-foreground">Step {index + 1}</span>
                  </div>
                  <h3 className="text-lg font-semibold">{step.title}</h3>
                  <p className="text-sm text-muted-foreground">{step.text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section
        id="business-request"
        aria-labelledby="business-form"
        className="mx-auto grid w-full max-w-3xl scroll-mt-20 gap-6 px-4 sm:px-6"
      >
        <div className="grid gap-2 text-center">
          <h2 id="business-form" className="text-3xl font-semibold tracking-tight">
            Request an intern
          </h2>
          <p className="text-muted-foreground">
            Tell us what you need; we will get in touch to schedule your consultation.
          </p>
        </div>
        <Card>
          <CardContent>
            <BusinessRequestForm />
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="business-benefits" className="mx-auto grid w-full max-w-5xl gap-8 px-4 sm:px-6">
        <h2 id="business-benefits" className="text-center text-3xl font-semibold tracking-tight">
          Why businesses choose us
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map((benefit) => (
            <li key={benefit.title}>
              <Card className="h-full">
                <CardContent className="grid gap-2">
                  <benefit.icon aria-hidden="true" className="size-6 text-accent" />
                  <h3 className="font-semibold">{benefit.title}</h3>
                  <p className="text-sm text-muted-foreground">{benefit.text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="business-cta" className="mx-auto w-full max-w-3xl px-4 sm:px-6">
        <div className="grid gap-4 rounded-2xl border border-border bg-card p-8 text-center sm:p-12">
          <Sparkles aria-hidden="true" className="mx-auto size-8 text-accent" />
          <h2 id="business-cta" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Ready to grow with student talent?
          </h2>
          <p className="text-muted-foreground">
            Subscribe to the Business plan for the intern talent pool, matching and priority support.
          </p>
          <Link to={pathTo('subscription')} className={buttonClasses('primary', 'lg', 'justify-self-center')}>
            <PiggyBank aria-hidden="true" className="size-4" />
            View subscription plans
          </Link>
        </div>
      </section>
    </div>
  )
}
