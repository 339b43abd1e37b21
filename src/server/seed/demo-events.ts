import { randomBytes } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import { eventRegistrations } from '#server/db/schema/events.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { createMember } from '#server/modules/accounts/members.ts'
import { newObjectKey, type Storage } from '#server/platform/storage.ts'
import { banner } from '#server/seed/banners.ts'
import { insertTestEvent } from '#server/testing/events.ts'
import type { EventType } from '#shared/events/constants.ts'
import { wallTimeIn, zonedToUtc } from '#shared/events/time.ts'

// The demo events of the embedded default (issue 17: "upcoming and past events of
// each type, one nearly full"): invented but plausible career events in New York,
// London, San Francisco and Chicago, and webinars online. Times are a round local
// hour in the event's own zone, so members elsewhere see the conversion at work.
// The seats are real registrations: a few demo attendees (members who never sign
// in: their password is random and never shown), and the subscribed demo member on
// two upcoming events, so the dashboard's Upcoming Events card has something to
// show. 'Career Changers Breakfast' has one seat left, for the demo member to take.

/** Attendees filling the seats; their addresses are as undeliverable as the demo accounts'. */
const demoAttendees = [
  { firstName: 'Jordan', lastName: 'Patel' },
  { firstName: 'Priya', lastName: 'Nair' },
  { firstName: 'Samuel', lastName: 'Okafor' },
  { firstName: 'Elena', lastName: 'Garcia' },
  { firstName: 'Marcus', lastName: 'Johnson' },
  { firstName: 'Hannah', lastName: 'Kim' },
  { firstName: 'Diego', lastName: 'Alvarez' },
  { firstName: 'Aisha', lastName: 'Rahman' },
] as const
const attendeeEmail = (attendee: { firstName: string; lastName: string }) =>
  `${attendee.firstName}.${attendee.lastName}@demo.prestigelabs.local`.toLowerCase()

type DemoEvent = {
  title: string
  description: string
  type: EventType
  /** days from the seeding (negative: in the past), at `time` on the event's own clock */
  inDays: number
  time: string
  timeZone: string
  durationMinutes: number
  location: string
  capacity: number
  joinUrl?: string
  /** confirmed demo attendees (the first n of demoAttendees) */
  attendees: number
  /** whether the demo members given to seedDemoEvents hold a seat */
  members?: boolean
}

export const demoEvents: DemoEvent[] = [
  // upcoming
  {
    title: 'Breaking into Product Management',
    description:
      'Three product managers who switched from engineering, consulting and customer support share how they made the move: the skills that transferred, the portfolio that got them interviews and the mistakes they would avoid. Live Q&A for the last 20 minutes.',
    type: 'webinar',
    inDays: 3,
    time: '12:00',
    timeZone: 'America/New_York',
    durationMinutes: 60,
    location: 'Online',
    capacity: 500,
    joinUrl: 'https://meet.prestigelabs.example/j/breaking-into-pm',
    attendees: 6,
    members: true,
  },
  {
    title: 'Resume Teardown Workshop',
    description:
      'Bring a printed copy of your resume. A recruiter and a hiring manager rewrite three volunteer resumes live, then work through yours with you in small groups. You leave with a stronger summary, sharper bullet points and a plan for your next application.',
    type: 'workshop',
    inDays: 6,
    time: '10:00',
    timeZone: 'America/Los_Angeles',
    durationMinutes: 150,
    location: 'Prestige Labs Studio, 535 Mission St, San Francisco, CA',
    capacity: 25,
    attendees: 4,
    members: true,
  },
  {
    title: 'Product & Data Leaders Mixer',
    description:
      'An evening of conversation with product managers, data scientists and analytics leads from New York teams that are hiring. Drinks and light bites provided; name tags say what you do and what you are looking for.',
    type: 'networking',
    inDays: 9,
    time: '18:00',
    timeZone: 'America/New_York',
    durationMinutes: 120,
    location: 'WeWork, 1460 Broadway, New York, NY',
    capacity: 60,
    attendees: 5,
  },
  {
    title: 'AI Tools for Job Seekers: What Actually Helps',
    description:
      'A practical tour of AI assistants for the job search: researching companies, tailoring a cover letter without sounding generic and preparing for interviews. What works, what recruiters can spot, and where to keep a human in the loop.',
    type: 'webinar',
    inDays: 12,
    time: '17:00',
    timeZone: 'Europe/London',
    durationMinutes: 45,
    location: 'Online',
    capacity: 300,
    joinUrl: 'https://meet.prestigelabs.example/j/ai-tools-for-job-seekers',
    attendees: 3,
  },
  {
    // the nearly full one: one seat left
    title: 'Career Changers Breakfast',
    description:
      'A small, unhurried breakfast for people moving into tech from another field. Each table has a mentor who made the same move; bring one question you have not been able to get a straight answer to.',
    type: 'networking',
    inDays: 16,
    time: '08:30',
    timeZone: 'Europe/London',
    durationMinutes: 90,
    location: 'The Hoxton, 199-206 High Holborn, London, UK',
    capacity: demoAttendees.length + 1,
    attendees: demoAttendees.length,
  },
  {
    title: 'Salary Negotiation Lab',
    description:
      'Learn how to research a fair range, answer the expectations question and negotiate the whole offer, not just the base. Half the session is role-play in pairs with feedback from a compensation specialist.',
    type: 'workshop',
    inDays: 23,
    time: '13:00',
    timeZone: 'America/Chicago',
    durationMinutes: 180,
    location: '1871, 222 W Merchandise Mart Plaza, Chicago, IL',
    capacity: 30,
    attendees: 2,
  },
  {
    title: 'After a Layoff: Your First 30 Days',
    description:
      'What to do in the first month after a layoff: reading your severance, telling your network, rebuilding a routine and deciding what kind of role to go after next. With a career coach and two members who landed new roles this year.',
    type: 'webinar',
    inDays: 40,
    time: '11:00',
    timeZone: 'America/Los_Angeles',
    durationMinutes: 60,
    location: 'Online',
    capacity: 250,
    joinUrl: 'https://meet.prestigelabs.example/j/after-a-layoff',
    attendees: 1,
  },
  // past
  {
    title: 'Spring Networking Night',
    description:
      'Our quarterly evening for members and hiring teams: short introductions from six companies that are hiring, then open networking.',
    type: 'networking',
    inDays: -18,
    time: '18:30',
    timeZone: 'America/New_York',
    durationMinutes: 150,
    location: 'The Assemblage, 114 E 25th St, New York, NY',
    capacity: 80,
    attendees: 8,
    members: true,
  },
  {
    title: 'LinkedIn Profile Makeover',
    description:
      'Headline, about section, featured work: rewrite your profile so recruiters find you for the roles you want, with before-and-after examples.',
    type: 'workshop',
    inDays: -32,
    time: '14:00',
    timeZone: 'Europe/London',
    durationMinutes: 120,
    location: 'Second Home, 68 Hanbury St, London, UK',
    capacity: 20,
    attendees: 7,
  },
  {
    title: 'Behavioral Interviews with the STAR Method',
    description:
      'How to prepare six stories that answer most behavioral questions, with examples scored by two hiring managers.',
    type: 'webinar',
    inDays: -12,
    time: '12:00',
    timeZone: 'America/New_York',
    durationMinutes: 60,
    location: 'Online',
    capacity: 400,
    joinUrl: 'https://meet.prestigelabs.example/j/star-method',
    attendees: 5,
  },
]

const day = 24 * 3_600_000

/** One colour pair per type, so the cards' images tell the types apart at a glance. */
const bannerColors: Record<EventType, [string, string]> = {
  networking: ['#7c2d12', '#f59e0b'],
  workshop: ['#14532d', '#22c55e'],
  webinar: ['#1e3a8a', '#0ea5e9'],
}

/** The names and address a registration carries, as the member's form would have them. */
async function registrantsOf(db: Db, userIds: string[]) {
  if (userIds.length === 0) return []
  const rows = await db
    .select({ userId: user.id, email: user.email, firstName: userProfiles.firstName, lastName: userProfiles.lastName })
    .from(user)
    .innerJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(inArray(user.id, userIds))
  // in the order asked: the first n attendees fill an event
  return userIds.map((id) => rows.find((row) => row.userId === id)!)
}

/**
 * Seeds the demo events through the tests' event factory (ARCHITECTURE.md rule
 * 12), each with its banner put into `storage` as the admin form's upload would
 * be (a public object under its own 'event-images' key), and their registrations:
 * the demo attendees, and `memberIds` (the subscribed demo member) where an event
 * says so.
 */
export async function seedDemoEvents(
  db: Db,
  storage: Storage,
  adminId: string,
  memberIds: string[] = [],
  now = Date.now(),
) {
  // one hash for all: nobody signs in as an attendee
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'))
  const attendeeIds: string[] = []
  for (const attendee of demoAttendees) {
    const email = attendeeEmail(attendee)
    const member = await createMember(db, { ...attendee, email, password: '', passwordHash, subscribedDays: 30 })
    attendeeIds.push(member.id)
  }
  const attendees = await registrantsOf(db, attendeeIds)
  const members = await registrantsOf(db, memberIds)

  const banners = new Map<EventType, Buffer>()
  for (const [type, colors] of Object.entries(bannerColors)) banners.set(type as EventType, await banner(colors))

  for (const { inDays, time, attendees: attending, members: withMembers, ...event } of demoEvents) {
    const startsAt = zonedToUtc(wallTimeIn(new Date(now + inDays * day), event.timeZone).date, time, event.timeZone)
    const imageKey = newObjectKey('event-images', 'jpg')
    await storage.put(imageKey, banners.get(event.type)!, { contentType: 'image/jpeg', visibility: 'public' })
    // announced a month before it starts (or before the seeding, for one sooner)
    const createdAt = new Date(Math.min(now, startsAt.getTime()) - 30 * day)
    const row = await insertTestEvent(db, {
      ...event,
      joinUrl: event.joinUrl ?? null,
      startsAt,
      imageKey,
      createdBy: adminId,
      createdAt,
      updatedAt: createdAt,
    })
    const registrants = [...attendees.slice(0, attending), ...(withMembers ? members : [])]
    if (registrants.length === 0) continue
    await db.insert(eventRegistrations).values(
      registrants.map((registrant, index) => {
        // registered over the weeks after the announcement, in this order
        const queuedAt = new Date(createdAt.getTime() + (index + 1) * day)
        return {
          eventId: row.id,
          userId: registrant.userId,
          status: 'confirmed',
          firstName: registrant.firstName,
          lastName: registrant.lastName,
          email: registrant.email,
          queuedAt,
          createdAt: queuedAt,
          updatedAt: queuedAt,
          // a past event's reminder went out before it started
          reminderSentAt: inDays < 0 ? new Date(startsAt.getTime() - day) : null,
        }
      }),
    )
  }
}
