import type { Ctx } from '#server/platform/context.ts'
import { requireUser } from '#server/platform/guards.ts'
import { memberCacheOf } from '#server/platform/member-cache.ts'
import { getJobTrends, listFeedCards } from '#server/modules/community/service.ts'
import { browseCourses } from '#server/modules/courses/service.ts'
import { listEvents } from '#server/modules/events/service.ts'
import { getSettings } from '#server/modules/goals/routine-service.ts'
import { activeGoalsOf } from '#server/modules/goals/service.ts'
import { savedJobSkillsOfViewer } from '#server/modules/jobs/saved-service.ts'
import { getOwnProfile, listOwnSkills } from '#server/modules/profile/service.ts'
import { listMyReviews } from '#server/modules/resumes/service.ts'
import { searchMaxLength } from '#shared/courses/constants.ts'
import { canonicalTimeZone, localDay } from '#shared/goals/calendar.ts'
import type { Recommendations } from '#shared/goals/schemas.ts'
import {
  communityWindowDays,
  missingSkills,
  recommend,
  type CommunityFacts,
  type CourseFact,
  type EventFact,
  type RecommendationFacts,
  type SavedJobFact,
} from './rules.ts'

// GET /api/recommendations (issue 21): the member dashboard's Career Recommendations,
// computed from what the areas' own services answer for the signed-in member (their
// goals, profile, skills, resume reviews, saved jobs, the trends panel, courses,
// events and the community feed), then ruled on by rules.ts. Each area is read
// through its service with the member's own ctx, so each keeps its own checks: the
// subscribers' areas (the job board, resume reviews, events, the community) are read
// only for a member whose plan opens them.

/** The newest saved jobs whose skills are read: enough to rank skills, bounded. */
export const savedJobsRead = 10
/** Feed pages read at most for the community's recent activity. */
const feedPagesRead = 3

/**
 * The skills each of the member's newest active saved jobs asks for, in one read;
 * kept per member briefly: saving and unsaving forget it.
 */
function savedJobSkillsOf(ctx: Ctx, userId: string): Promise<SavedJobFact[]> {
  return memberCacheOf(ctx.deps).remember(userId, 'recommendations-saved-job-skills', () =>
    savedJobSkillsOfViewer(ctx, savedJobsRead),
  )
}

/** Courses that may teach each skill: the browse list's search for it (title or description). */
async function coursesFor(ctx: Ctx, skills: readonly string[]): Promise<CourseFact[]> {
  const found = new Map<string, CourseFact>()
  for (const skill of skills) {
    const page = await browseCourses(ctx, { q: skill.slice(0, searchMaxLength) })
    for (const course of page.courses)
      found.set(course.id, { id: course.id, title: course.title, skills: course.skills, createdAt: course.createdAt })
  }
  return [...found.values()]
}

/** The next upcoming events (the events list's first page), not yet started. */
async function upcomingEventsOf(ctx: Ctx, now: Date): Promise<EventFact[]> {
  const { events } = await listEvents(ctx, {})
  return events
    .filter((event) => event.status === 'scheduled' && Date.parse(event.startsAt) > now.getTime())
    .map((event) => ({
      id: event.id,
      title: event.title,
      type: event.type,
      startsAt: event.startsAt,
      timeZone: event.timeZone,
      spotsRemaining: event.spotsRemaining,
      registered: event.myRegistration !== null,
    }))
}

/** The community's posts of the last days, from the feed (newest first), a few pages at most. */
async function communityActivityOf(ctx: Ctx, userId: string, now: Date): Promise<CommunityFacts> {
  const since = now.getTime() - communityWindowDays * 86_400_000
  let recentPosts = 0
  let withoutReply = 0
  let cursor: string | undefined
  for (let page = 0; page < feedPagesRead; page++) {
    const { posts, nextCursor } = await listFeedCards(ctx, { cursor })
    const recent = posts.filter((post) => Date.parse(post.createdAt) >= since)
    recentPosts += recent.length
    withoutReply += recent.filter((post) => post.author.id !== userId && post.commentCount === 0).length
    // the feed is newest first: an older post ends the window
    if (recent.length < posts.length || !nextCursor) return { recentPosts, more: false, withoutReply }
    cursor = nextCursor
  }
  return { recentPosts, more: true, withoutReply }
}

/** The facts the rules read, for the signed-in member. */
export async function recommendationFactsOf(ctx: Ctx, now = new Date()): Promise<RecommendationFacts> {
  const viewer = requireUser(ctx)
  const { subscribed } = await ctx.viewer()
  const goals = await activeGoalsOf(ctx.deps.db, viewer.id)
  // the member's day, as their goals and routine count it (the zone on their profile, else UTC)
  const { timeZone } = await getSettings(ctx)
  const zone = (timeZone && canonicalTimeZone(timeZone)) ?? 'UTC'
  const profile = await getOwnProfile(ctx)
  const { skills } = await listOwnSkills(ctx)
  const { trendingSkills } = await getJobTrends(ctx)
  const savedJobs = subscribed ? await savedJobSkillsOf(ctx, viewer.id) : []
  const profileFacts = {
    skills: skills.map((skill) => skill.name),
    careerLevel: profile.careerLevel,
    location: profile.location,
    hasAvatar: Boolean(profile.avatarUrl),
  }
  const wanted = missingSkills({ profile: profileFacts, savedJobs, trendingSkills })
  return {
    today: localDay(now, zone),
    subscribed,
    goals,
    profile: profileFacts,
    resumeReviews: subscribed ? (await listMyReviews(ctx)).reviews.length : null,
    savedJobs,
    trendingSkills,
    courses: await coursesFor(
      ctx,
      wanted.map((entry) => entry.skill),
    ),
    events: subscribed ? await upcomingEventsOf(ctx, now) : null,
    community: subscribed ? await communityActivityOf(ctx, viewer.id, now) : null,
  }
}

/** spec 001 §2 Career Recommendations, for the signed-in member (issue 21). */
export async function getRecommendations(ctx: Ctx): Promise<Recommendations> {
  return recommend(await recommendationFactsOf(ctx))
}
