import { describe, expect, test } from 'vitest'
import {
  courseFor,
  goalsHref,
  missingSkills,
  recommend,
  type CourseFact,
  type EventFact,
  type GoalFact,
  type RecommendationFacts,
} from './rules.ts'

// The rules of the Career Recommendations (issue 21), on facts given by hand.

const today = '2026-06-01'

const goal = (overrides: Partial<GoalFact> = {}): GoalFact => ({
  id: 'goal-1',
  title: 'Land a remote role',
  type: 'remote',
  targetDate: '2026-12-31',
  progress: 40,
  createdAt: '2026-05-25T10:00:00.000Z',
  ...overrides,
})

const event = (overrides: Partial<EventFact> = {}): EventFact => ({
  id: 'event-1',
  title: 'Cloud Careers Meetup',
  type: 'networking',
  startsAt: '2026-06-10T22:00:00.000Z',
  timeZone: 'America/New_York',
  spotsRemaining: 12,
  registered: false,
  ...overrides,
})

const course = (overrides: Partial<CourseFact> = {}): CourseFact => ({
  id: 'course-1',
  title: 'Containers in Practice',
  skills: ['Docker'],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})

/** A member with a complete profile, one goal on track, a plan, and nothing else going on. */
const facts = (overrides: Partial<RecommendationFacts> = {}): RecommendationFacts => ({
  today,
  subscribed: true,
  goals: [goal()],
  profile: { skills: ['TypeScript'], careerLevel: 'Senior', location: 'Toronto, ON', hasAvatar: true },
  resumeReviews: 1,
  savedJobs: [],
  trendingSkills: [],
  courses: [],
  events: [],
  community: { recentPosts: 0, more: false, withoutReply: 0 },
  ...overrides,
})

describe('next steps', () => {
  test('a member without goals is asked to set their first one', () => {
    expect(recommend(facts({ goals: [] })).nextSteps).toEqual([
      {
        title: 'Set your first career goal',
        because: 'because you have no active career goal yet, and your goals shape these recommendations',
        href: goalsHref,
      },
    ])
  })

  test('a goal on track with a complete profile needs nothing', () => {
    expect(recommend(facts()).nextSteps).toEqual([])
  })

  test('a goal without a target date asks for one', () => {
    expect(recommend(facts({ goals: [goal({ targetDate: null })] })).nextSteps).toEqual([
      {
        title: "Set a target date for 'Land a remote role'",
        because:
          'because your Remote Work goal has no target date yet, so its progress has no deadline to measure against',
        href: goalsHref,
      },
    ])
  })

  test('a goal with low progress close to its target date, and one past it, come first with their figures', () => {
    const steps = recommend(
      facts({
        goals: [
          goal({ id: 'a', title: 'Open a consultancy', type: 'consulting', targetDate: null }),
          goal({
            id: 'b',
            title: 'Lead the platform team',
            type: 'leadership',
            targetDate: '2026-06-13',
            progress: 20,
          }),
          goal({
            id: 'c',
            title: 'Become a staff engineer',
            type: 'promotion',
            targetDate: '2026-05-29',
            progress: 60,
          }),
        ],
        profile: { skills: [], careerLevel: 'Senior', location: 'Toronto, ON', hasAvatar: true },
      }),
    ).nextSteps
    expect(steps).toEqual([
      {
        title: "Review your goal 'Become a staff engineer'",
        because: 'because its target date, May 29, 2026, passed 3 days ago with progress at 60%',
        href: goalsHref,
      },
      {
        title: "Make progress on 'Lead the platform team'",
        because: 'because it is 20% done with 12 days left before its target date, Jun 13, 2026',
        href: goalsHref,
      },
      {
        title: 'Add your skills to your profile',
        because: 'because your profile lists no skills yet, so jobs cannot show how well you match them',
        href: '/profile',
      },
    ])
  })

  test('a finished goal is to be marked achieved, and an untouched old one to be started', () => {
    const steps = recommend(
      facts({
        goals: [
          goal({ id: 'a', title: 'Ship the portfolio', progress: 100 }),
          goal({
            id: 'b',
            title: 'Change careers',
            type: 'transition',
            progress: 0,
            createdAt: '2026-05-01T09:00:00Z',
          }),
        ],
      }),
    ).nextSteps
    expect(steps.map((step) => [step.title, step.because])).toEqual([
      ["Mark 'Ship the portfolio' as achieved", 'because your Remote Work goal is at 100% progress'],
      [
        "Take a first step on 'Change careers'",
        'because you set this Career Transition goal 31 days ago and its progress is still 0%',
      ],
    ])
  })

  test('missing profile parts and an unreviewed resume lead to the profile and the resume review', () => {
    const steps = recommend(
      facts({
        profile: { skills: ['SQL'], careerLevel: null, location: null, hasAvatar: false },
        resumeReviews: 0,
      }),
    ).nextSteps
    expect(steps).toEqual([
      {
        title: 'Send your resume for a review',
        because: 'because you have not had a resume reviewed yet, and a coach scores it and tells you what to improve',
        href: '/resume-review',
      },
      {
        title: 'Complete your profile',
        because: 'because your profile has no career level, location or profile picture yet',
        href: '/profile',
      },
    ])
  })

  test('without a plan the resume review is not suggested (it is for subscribers)', () => {
    const steps = recommend(facts({ subscribed: false, resumeReviews: null })).nextSteps
    expect(steps).toEqual([])
  })

  test('the list holds three at most, the most pressing first', () => {
    const steps = recommend(
      facts({
        goals: [],
        profile: { skills: [], careerLevel: null, location: 'Toronto, ON', hasAvatar: true },
        resumeReviews: 0,
      }),
    ).nextSteps
    expect(steps.map((step) => step.title)).toEqual([
      'Set your first career goal',
      'Add your skills to your profile',
      'Send your resume for a review',
    ])
  })
})

describe('skill development', () => {
  test('skills the saved jobs ask for and the member lacks, with the goal and the figures, linked to a course', () => {
    const list = recommend(
      facts({
        savedJobs: [
          { jobId: 'j1', skills: ['Docker', 'TypeScript', 'Teamwork'] },
          { jobId: 'j2', skills: ['docker', 'Kubernetes'] },
          { jobId: 'j3', skills: ['Docker', 'Kubernetes', 'Docker'] },
        ],
        courses: [course()],
      }),
    ).skillDevelopment
    expect(list).toEqual([
      {
        title: 'Learn Docker',
        because:
          "because your goal is Remote Work and 3 saved jobs ask for Docker; the course 'Containers in Practice' teaches it",
        href: '/courses/course-1',
      },
      {
        title: 'Find a course on Kubernetes',
        because: 'because your goal is Remote Work and 2 saved jobs ask for Kubernetes',
        href: '/courses/browse?q=Kubernetes',
      },
      {
        title: 'Find a course on Teamwork',
        because: 'because your goal is Remote Work and 1 saved job asks for Teamwork',
        href: '/courses/browse?q=Teamwork',
      },
    ])
  })

  test('the trends panel counts as one more ask, and a skill the member has is never suggested', () => {
    const ranked = missingSkills({
      profile: { skills: ['rust'], careerLevel: null, location: null, hasAvatar: false },
      savedJobs: [
        { jobId: 'j1', skills: ['Go', 'SQL'] },
        { jobId: 'j2', skills: ['SQL'] },
      ],
      trendingSkills: ['Rust', 'Go', 'AI/ML'],
    })
    // Go and SQL are asked twice each: the one more saved jobs ask for first
    expect(ranked).toEqual([
      { skill: 'SQL', jobs: 2, trending: false },
      { skill: 'Go', jobs: 1, trending: true },
      { skill: 'AI/ML', jobs: 0, trending: true },
    ])
    const list = recommend(
      facts({
        goals: [],
        profile: { skills: ['Rust'], careerLevel: 'Senior', location: 'Toronto', hasAvatar: true },
        savedJobs: [{ jobId: 'j1', skills: ['Go'] }],
        trendingSkills: ['Go', 'AI/ML'],
      }),
    ).skillDevelopment
    expect(list.map((item) => item.because)).toEqual([
      'because 1 saved job asks for Go and it is trending in the community',
      'because AI/ML is trending in the community',
    ])
    expect(list[1]!.href).toBe('/courses/browse?q=AI%2FML')
  })

  test('a skill is spelled as the skill lists spell it, else the same way whatever the order', () => {
    const spelled = (savedJobs: RecommendationFacts['savedJobs']) =>
      missingSkills({ profile: facts().profile, savedJobs, trendingSkills: [] }).map((item) => item.skill)
    expect(
      spelled([
        { jobId: 'j1', skills: ['terraform ', 'web3'] },
        { jobId: 'j2', skills: ['Web3'] },
      ]),
    ).toEqual(['Web3', 'Terraform'])
    expect(
      spelled([
        { jobId: 'j2', skills: ['Web3'] },
        { jobId: 'j1', skills: ['web3', 'terraform'] },
      ]),
    ).toEqual(['Web3', 'Terraform'])
  })

  test('nothing asked and nothing trending: an empty list', () => {
    expect(recommend(facts({ savedJobs: [{ jobId: 'j1', skills: ['TypeScript'] }] })).skillDevelopment).toEqual([])
  })

  test('a course listing the skill beats one naming it in its title; a word inside another word does not count', () => {
    const listing = course({
      id: 'listing',
      title: 'Backend basics',
      skills: ['Go'],
      createdAt: '2025-01-01T00:00:00Z',
    })
    const titled = course({ id: 'titled', title: 'Go for busy people', skills: [], createdAt: '2026-03-01T00:00:00Z' })
    const google = course({ id: 'google', title: 'Google Cloud Essentials', skills: [] })
    expect(courseFor('Go', [google, titled, listing])?.id).toBe('listing')
    expect(courseFor('go', [google, titled])?.id).toBe('titled')
    expect(courseFor('Go', [google])).toBeUndefined()
    expect(courseFor('C#', [course({ id: 'cs', title: 'C# from scratch', skills: [] })])?.id).toBe('cs')
    // among equals, the newest
    const newer = course({ id: 'newer', createdAt: '2026-05-01T00:00:00Z' })
    expect(courseFor('Docker', [course(), newer])?.id).toBe('newer')
  })
})

describe('network building', () => {
  test('the next events the member has not registered for, and the community, with their figures', () => {
    const list = recommend(
      facts({
        events: [
          event({
            id: 'e3',
            title: 'Resume Clinic',
            type: 'workshop',
            startsAt: '2026-06-20T15:00:00Z',
            spotsRemaining: 0,
          }),
          event(),
          event({ id: 'e2', title: 'Mine Already', registered: true, startsAt: '2026-06-05T15:00:00Z' }),
          event({
            id: 'e4',
            title: 'Later Webinar',
            type: 'webinar',
            startsAt: '2026-07-01T15:00:00Z',
            spotsRemaining: 1,
          }),
        ],
        community: { recentPosts: 12, more: false, withoutReply: 4 },
      }),
    ).networkBuilding
    expect(list).toEqual([
      {
        title: 'Attend Cloud Careers Meetup',
        // 22:00 UTC is 6 pm in New York: the date is the place's
        because:
          'because this networking event is on Jun 10, 2026, with 12 spots left, and you have not registered yet',
        href: '/events/event-1/register',
      },
      {
        title: 'Reply to members in the community',
        because: 'because members wrote 12 posts in the last 7 days, 4 of them still without a reply',
        href: '/community',
      },
      {
        title: 'Attend Resume Clinic',
        because: 'because this workshop is on Jun 20, 2026, full, with a waitlist, and you have not registered yet',
        href: '/events/e3/register',
      },
    ])
  })

  test('a busy community is counted as a lower bound, and a quiet one is left out', () => {
    const busy = recommend(facts({ community: { recentPosts: 60, more: true, withoutReply: 0 } })).networkBuilding
    expect(busy).toEqual([
      {
        title: 'Join the conversation in the community',
        because: 'because members wrote at least 60 posts in the last 7 days',
        href: '/community',
      },
    ])
    expect(recommend(facts()).networkBuilding).toEqual([])
  })

  test('without a plan, the way to the club that opens events and the community', () => {
    expect(recommend(facts({ subscribed: false, events: null, community: null })).networkBuilding).toEqual([
      {
        title: 'Join the Prestige Club to meet other members',
        because: 'because events and the community are open to Prestige Club members, and you have no plan yet',
        href: '/subscription',
      },
    ])
  })
})

test('the same facts in another order give the same lists', () => {
  const base = facts({
    goals: [
      goal({ id: 'a', targetDate: null }),
      goal({ id: 'b', title: 'Lead', type: 'leadership', targetDate: null }),
    ],
    savedJobs: [
      { jobId: 'j1', skills: ['Go', 'SQL'] },
      { jobId: 'j2', skills: ['SQL', 'Go'] },
    ],
    events: [event({ id: 'x' }), event({ id: 'y', startsAt: '2026-06-09T00:00:00Z' })],
  })
  const shuffled = {
    ...base,
    goals: [...base.goals].reverse(),
    savedJobs: [...base.savedJobs].reverse(),
    events: [...base.events!].reverse(),
  }
  expect(recommend(shuffled)).toEqual(recommend(base))
})
