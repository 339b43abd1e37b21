import type { EventType } from '#shared/events/constants.ts'
import { goalTypeLabels, type GoalType } from '#shared/goals/constants.ts'
import type { Recommendation, Recommendations } from '#shared/goals/schemas.ts'
import { softSkillOptions, technicalSkillOptions } from '#shared/jobs/skills.ts'
import { pathTo } from '#shared/pages.ts'

// The member dashboard's Career Recommendations (spec 001 §2; issue 21: computed,
// not static). Rule-based and explainable: every item comes from one of the rules
// below, applied to facts the service has read from the areas, and says why in one
// sentence with the real figures. Pure: the same facts give the same lists, in the
// same order, and nothing is added that the facts do not show.

/** Items per list: a card's worth. */
export const recommendationsPerList = 3

/** A goal this close to its target date (in days)... */
export const goalDueSoonDays = 30
/** ...with less progress than this (in %) is behind. */
export const goalBehindProgress = 50
/** A goal still at 0 % this many days after it was set needs a first step. */
export const goalStalledDays = 14
/** A post this recent (in days) counts as the community's activity. */
export const communityWindowDays = 7

export type GoalFact = {
  id: string
  title: string
  type: GoalType
  /** 'YYYY-MM-DD' or none */
  targetDate: string | null
  progress: number
  createdAt: string
}

export type ProfileFacts = {
  skills: readonly string[]
  careerLevel: string | null
  location: string | null
  hasAvatar: boolean
}

/** An active job the member saved, with the skills it asks for (technical and soft). */
export type SavedJobFact = { jobId: string; skills: readonly string[] }

export type CourseFact = { id: string; title: string; skills: readonly string[]; createdAt: string }

export type EventFact = {
  id: string
  title: string
  type: EventType
  startsAt: string
  /** the event's own zone: its date is given as the place has it */
  timeZone: string
  spotsRemaining: number
  /** the member holds a seat or a waitlist place */
  registered: boolean
}

export type CommunityFacts = {
  /** posts of the last `communityWindowDays` days */
  recentPosts: number
  /** true when more pages of the feed were not read: `recentPosts` is a lower bound */
  more: boolean
  /** of those, posts by others that nobody has commented on yet */
  withoutReply: number
}

export type RecommendationFacts = {
  /** the member's today, 'YYYY-MM-DD' */
  today: string
  /** events, the community and resume reviews are for subscribers (spec 000 §2) */
  subscribed: boolean
  goals: readonly GoalFact[]
  profile: ProfileFacts
  /** how many resumes the member sent for review; null when not readable (no plan) */
  resumeReviews: number | null
  savedJobs: readonly SavedJobFact[]
  trendingSkills: readonly string[]
  /** courses that may teach the missing skills (the service looks them up for `missingSkills`) */
  courses: readonly CourseFact[]
  /** the next upcoming events; null when not readable (no plan) */
  events: readonly EventFact[] | null
  community: CommunityFacts | null
}

// ---------- small helpers ----------

const dayMs = 86_400_000

function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / dayMs)
}

function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from)
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** 'Jun 30, 2026' for '2026-06-30'. */
function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`))
}

function formatEventDay(startsAt: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(
      new Date(startsAt),
    )
  } catch {
    // a zone this runtime does not know: the date in UTC is still the right one within a day
    return formatDay(startsAt.slice(0, 10))
  }
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

/** 'a', 'a and b', 'a, b and c' (or 'a, b or c') */
function listing(parts: readonly string[], last: 'and' | 'or' = 'and'): string {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} ${last} ${parts.at(-1)}`
}

const skillKey = (skill: string) => skill.trim().toLowerCase()

/** The skill lists' own spelling of each skill (jobs and profiles offer the same lists). */
const canonicalSkills = new Map(
  [...technicalSkillOptions, ...softSkillOptions].map((skill) => [skillKey(skill), skill]),
)

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b, 'en')

/**
 * The goal the other lists speak of ('your goal is Remote Work'): the one with the
 * nearest target date, else the newest.
 */
export function focusGoalOf(goals: readonly GoalFact[]): GoalFact | undefined {
  return [...goals].sort(goalOrder)[0]
}

function goalOrder(a: GoalFact, b: GoalFact): number {
  if (a.targetDate !== b.targetDate) {
    if (a.targetDate === null) return 1
    if (b.targetDate === null) return -1
    return a.targetDate < b.targetDate ? -1 : 1
  }
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

// ---------- next steps: goals and the profile ----------

/** Where the member sets and moves their goals: the Career Goals card of /dashboard (every member's). */
export const goalsHref = pathTo('dashboard')

type Ranked = Recommendation & { priority: number }

/** The most pressing thing about one goal, if anything. */
function goalStep(goal: GoalFact, today: string): Ranked | undefined {
  const named = `'${goal.title}'`
  const kind = goalTypeLabels[goal.type]
  if (goal.progress >= 100) {
    return {
      priority: 2,
      title: `Mark ${named} as achieved`,
      because: `because your ${kind} goal is at 100% progress`,
      href: goalsHref,
    }
  }
  if (goal.targetDate !== null) {
    const daysLeft = daysBetween(today, goal.targetDate)
    if (daysLeft < 0) {
      return {
        priority: 1,
        title: `Review your goal ${named}`,
        because: `because its target date, ${formatDay(goal.targetDate)}, passed ${plural(-daysLeft, 'day', 'days')} ago with progress at ${goal.progress}%`,
        href: goalsHref,
      }
    }
    if (daysLeft <= goalDueSoonDays && goal.progress < goalBehindProgress) {
      return {
        priority: 1,
        title: `Make progress on ${named}`,
        because: `because it is ${goal.progress}% done with ${plural(daysLeft, 'day', 'days')} left before its target date, ${formatDay(goal.targetDate)}`,
        href: goalsHref,
      }
    }
  } else {
    return {
      priority: 3,
      title: `Set a target date for ${named}`,
      because: `because your ${kind} goal has no target date yet, so its progress has no deadline to measure against`,
      href: goalsHref,
    }
  }
  const age = daysBetween(goal.createdAt.slice(0, 10), today)
  if (goal.progress === 0 && age >= goalStalledDays) {
    return {
      priority: 3,
      title: `Take a first step on ${named}`,
      because: `because you set this ${kind} goal ${age} days ago and its progress is still 0%`,
      href: goalsHref,
    }
  }
  return undefined
}

export function nextSteps(facts: RecommendationFacts): Recommendation[] {
  const steps: Ranked[] = []
  if (facts.goals.length === 0) {
    steps.push({
      priority: 1,
      title: 'Set your first career goal',
      because: 'because you have no active career goal yet, and your goals shape these recommendations',
      href: goalsHref,
    })
  }
  for (const goal of [...facts.goals].sort(goalOrder)) {
    const step = goalStep(goal, facts.today)
    if (step) steps.push(step)
  }
  const { profile } = facts
  if (profile.skills.length === 0) {
    steps.push({
      priority: 2,
      title: 'Add your skills to your profile',
      because: 'because your profile lists no skills yet, so jobs cannot show how well you match them',
      href: pathTo('profile'),
    })
  }
  if (facts.resumeReviews === 0) {
    steps.push({
      priority: 3,
      title: 'Send your resume for a review',
      because: 'because you have not had a resume reviewed yet, and a coach scores it and tells you what to improve',
      href: pathTo('resumeReview'),
    })
  }
  const missing = [
    profile.careerLevel ? undefined : 'career level',
    profile.location ? undefined : 'location',
    profile.hasAvatar ? undefined : 'profile picture',
  ].filter((part): part is string => part !== undefined)
  if (missing.length > 0) {
    steps.push({
      priority: 4,
      title: 'Complete your profile',
      because: `because your profile has no ${listing(missing, 'or')} yet`,
      href: pathTo('profile'),
    })
  }
  // a stable sort: within one priority, the order above (goals by target date)
  return steps
    .map((step, index) => ({ step, index }))
    .sort((a, b) => a.step.priority - b.step.priority || a.index - b.index)
    .slice(0, recommendationsPerList)
    .map(({ step: { priority: _priority, ...recommendation } }) => recommendation)
}

// ---------- skill development: saved jobs and trends, against the member's skills ----------

export type MissingSkill = {
  /** as the first job (or the trends panel) spells it */
  skill: string
  /** saved jobs that ask for it */
  jobs: number
  /** on the community's trending skills */
  trending: boolean
}

/**
 * The skills the member's saved jobs and the trends panel ask for that the member
 * does not list (case-insensitive, as the job match compares them), most asked first:
 * each saved job counts once, the trends panel once; then by jobs; then by name.
 */
export function missingSkills(
  facts: Pick<RecommendationFacts, 'profile' | 'savedJobs' | 'trendingSkills'>,
  limit = recommendationsPerList,
): MissingSkill[] {
  const owned = new Set(facts.profile.skills.map(skillKey))
  const found = new Map<string, MissingSkill>()
  const entry = (skill: string) => {
    const key = skillKey(skill)
    if (key === '' || owned.has(key)) return undefined
    let item = found.get(key)
    if (!item) found.set(key, (item = { skill: canonicalSkills.get(key) ?? skill.trim(), jobs: 0, trending: false }))
    // spelled as the skill lists spell it, else the same way whatever the order ('Terraform' before 'terraform')
    else if (!canonicalSkills.has(key) && skill.trim() < item.skill) item.skill = skill.trim()
    return item
  }
  for (const job of facts.savedJobs) {
    const asked = new Set<string>()
    for (const skill of job.skills) {
      const key = skillKey(skill)
      if (asked.has(key)) continue
      asked.add(key)
      const item = entry(skill)
      if (item) item.jobs++
    }
  }
  for (const skill of facts.trendingSkills) {
    const item = entry(skill)
    if (item) item.trending = true
  }
  const asks = (item: MissingSkill) => item.jobs + (item.trending ? 1 : 0)
  return [...found.values()]
    .sort((a, b) => asks(b) - asks(a) || b.jobs - a.jobs || byName(a.skill, b.skill))
    .slice(0, limit)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The course that teaches `skill`: one listing it among its skills first, else one
 * naming it in its title (as a whole word: 'Go' is not in 'Google'); the newest of
 * those; undefined when none does.
 */
export function courseFor(skill: string, courses: readonly CourseFact[]): CourseFact | undefined {
  const key = skillKey(skill)
  const inTitle = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(key)}($|[^\\p{L}\\p{N}])`, 'iu')
  const kindOf = (course: CourseFact) =>
    course.skills.some((own) => skillKey(own) === key) ? 0 : inTitle.test(course.title) ? 1 : undefined
  return courses
    .map((course) => ({ course, kind: kindOf(course) }))
    .filter((entry): entry is { course: CourseFact; kind: number } => entry.kind !== undefined)
    .sort(
      (a, b) =>
        a.kind - b.kind ||
        (a.course.createdAt === b.course.createdAt ? 0 : a.course.createdAt > b.course.createdAt ? -1 : 1) ||
        (a.course.id < b.course.id ? -1 : a.course.id > b.course.id ? 1 : 0),
    )[0]?.course
}

export function skillDevelopment(facts: RecommendationFacts): Recommendation[] {
  const goal = focusGoalOf(facts.goals)
  return missingSkills(facts).map(({ skill, jobs, trending }) => {
    const reasons: string[] = []
    if (goal) reasons.push(`your goal is ${goalTypeLabels[goal.type]}`)
    if (jobs > 0) reasons.push(`${plural(jobs, 'saved job asks', 'saved jobs ask')} for ${skill}`)
    if (trending) reasons.push(jobs > 0 ? 'it is trending in the community' : `${skill} is trending in the community`)
    const course = courseFor(skill, facts.courses)
    const because = `because ${listing(reasons)}`
    return course
      ? {
          title: `Learn ${skill}`,
          because: `${because}; the course '${course.title}' teaches it`,
          href: pathTo('courseDetail', { courseId: course.id }),
        }
      : {
          title: `Find a course on ${skill}`,
          because,
          href: `${pathTo('coursesBrowse')}?${new URLSearchParams({ q: skill })}`,
        }
  })
}

// ---------- network building: events and the community ----------

/** How a sentence names an event of each type. */
const eventKinds: Record<EventType, string> = {
  networking: 'networking event',
  workshop: 'workshop',
  webinar: 'webinar',
}

function eventStep(event: EventFact): Recommendation {
  const when = formatEventDay(event.startsAt, event.timeZone)
  const seats =
    event.spotsRemaining > 0 ? `with ${plural(event.spotsRemaining, 'spot', 'spots')} left` : 'full, with a waitlist'
  return {
    title: `Attend ${event.title}`,
    because: `because this ${eventKinds[event.type]} is on ${when}, ${seats}, and you have not registered yet`,
    href: pathTo('eventRegistration', { eventId: event.id }),
  }
}

export function networkBuilding(facts: RecommendationFacts): Recommendation[] {
  if (!facts.subscribed) {
    return [
      {
        title: 'Join the Prestige Club to meet other members',
        because: 'because events and the community are open to Prestige Club members, and you have no plan yet',
        href: pathTo('subscription'),
      },
    ]
  }
  const events = (facts.events ?? [])
    .filter((event) => !event.registered)
    .sort((a, b) => (a.startsAt === b.startsAt ? (a.id < b.id ? -1 : 1) : a.startsAt < b.startsAt ? -1 : 1))
    .map(eventStep)
  const community = facts.community
  const talk: Recommendation[] =
    community && community.recentPosts > 0
      ? [
          {
            title:
              community.withoutReply > 0
                ? 'Reply to members in the community'
                : 'Join the conversation in the community',
            because: `because members wrote ${community.more ? 'at least ' : ''}${plural(community.recentPosts, 'post', 'posts')} in the last ${communityWindowDays} days${
              community.withoutReply > 0 ? `, ${community.withoutReply} of them still without a reply` : ''
            }`,
            href: pathTo('community'),
          },
        ]
      : []
  // the next event, the community, then the events after it
  return [...events.slice(0, 1), ...talk, ...events.slice(1)].slice(0, recommendationsPerList)
}

/** The three lists for `facts`. */
export function recommend(facts: RecommendationFacts): Recommendations {
  return {
    nextSteps: nextSteps(facts),
    skillDevelopment: skillDevelopment(facts),
    networkBuilding: networkBuilding(facts),
  }
}
