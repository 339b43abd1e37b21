// Events at scale (issue 17; ARCHITECTURE.md budget: at least 50 % of the requests
// per second of a one-row SELECT route on the same database, p99 under 100 ms; 50
// connections, 10,000 events whose 400 soonest hold 20,000 registrations, signed in
// as a subscriber). The server (bench/server.ts) prints EXPLAIN of the member list,
// first page and 5,000 events deep, which must walk events_starts_idx, and of the
// admin table's search.
//
// Every page counts its events' seats (capacity minus confirmed registrations,
// never stored) and reads the member's own registrations, so the loads measure
// those reads too: the list's first page (the reader holds seats and waitlist
// places on it), a page 5,000 events deep (keyset cursor), one event, and the
// admin table searched for a word, as an admin.
//
// Then the registration race: 200 subscribers, each signed in, register at once
// for an event of 50 seats; exactly 50 must be confirmed and 150 waitlisted. Its
// time is a figure, not a budget (every registration is a transaction holding the
// event's row lock, so they pass one at a time by design).
//
//   npx tsx bench/events.ts                                                       # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/events.ts  # PostgreSQL
import { eventsPageSize } from '#shared/events/constants.ts'
import type { AdminEventPage, AdminEventView, EventPage, RegistrationResult } from '#shared/events/schemas.ts'
import { benchAdmin, deepEvents, eventSearchWord, racerEmail } from './seed.ts'
import {
  browserAcceptEncoding,
  browserGet,
  cookieBudget,
  engineFromEnv,
  formatMeasurement,
  measure,
  measureSelect,
  planBudget,
  printBudgets,
  printPlans,
  ratioBudget,
  runIfMain,
  settings,
  startBenchServer,
  type BenchServer,
  type BudgetRow,
  type Measurement,
  type Session,
} from './support.ts'

/** Pages of `eventsPageSize` walked from the first to reach the deep page. */
const deepPages = Math.ceil(deepEvents / eventsPageSize)

async function getJson<T>(server: BenchServer, path: string, session: Session): Promise<T> {
  const response = await browserGet(`${server.baseUrl}${path}`, session)
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return (await response.json()) as T
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/**
 * All racers register for the race's event at once, each from their own session
 * (as many browsers would); the time from the first request sent to the last
 * answer, and each request's own latency. Refuses a result other than exactly
 * `capacity` confirmed.
 */
async function registrationRace(server: BenchServer, admin: Session) {
  const eventPath = `/api/events/${server.raceEventId}`
  const started = performance.now()
  const answers = await Promise.all(
    server.racers.map(async (cookie, i) => {
      const sent = performance.now()
      const response = await fetch(`${server.baseUrl}${eventPath}/registration`, {
        method: 'POST',
        headers: {
          cookie,
          origin: server.baseUrl,
          'content-type': 'application/json',
          'accept-encoding': browserAcceptEncoding,
        },
        body: JSON.stringify({ firstName: 'Racer', lastName: `${i}`, email: racerEmail(i) }),
      })
      const body = (await response.json()) as RegistrationResult
      return { status: response.status, outcome: body.status, ms: performance.now() - sent }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const refused = answers.filter((answer) => answer.status !== 201)
  if (refused.length) throw new Error(`race: ${refused.length} registrations answered ${refused[0]!.status}`)
  const confirmed = answers.filter((answer) => answer.outcome === 'confirmed').length
  const waitlisted = answers.filter((answer) => answer.outcome === 'waitlisted').length
  // what the server holds afterwards, as the admin's table shows it
  const held = await getJson<AdminEventView>(server, `/api/admin/events/${server.raceEventId}`, admin)
  const expected = held.capacity
  if (confirmed !== expected || held.confirmedCount !== expected || held.waitlistCount !== answers.length - expected)
    throw new Error(
      `race: ${confirmed} confirmed answers, ${held.confirmedCount} confirmed and ${held.waitlistCount} waitlisted held, for ${expected} seats`,
    )
  const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b)
  return {
    racers: answers.length,
    seats: expected,
    confirmed,
    waitlisted,
    seconds,
    perSecond: answers.length / seconds,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
  }
}

export async function eventsBench(server: BenchServer): Promise<BudgetRow[]> {
  if (!server.events || !server.raceEventId) throw new Error('the server was not seeded with events')
  const session = await server.signIn()
  const admin = await server.signIn(benchAdmin)

  const paths = {
    first: '/api/events',
    adminSearch: `/api/admin/events?q=${eventSearchWord}&when=all`,
  }
  // the lists answer full pages, with counted seats, as a browser would see them
  const first = await getJson<EventPage>(server, paths.first, session)
  if (first.events.length !== eventsPageSize) throw new Error(`${paths.first} answered ${first.events.length} events`)
  if (!first.events.some((event) => event.spotsRemaining < event.capacity))
    throw new Error(`${paths.first}: no seat taken on the first page (registrations not seeded?)`)
  const searched = await getJson<AdminEventPage>(server, paths.adminSearch, admin)
  if (searched.events.length !== eventsPageSize)
    throw new Error(`${paths.adminSearch} answered ${searched.events.length} events`)
  // the event most in demand of the first page: full, with a waitlist
  const busiest = [...first.events].sort((a, b) => b.waitlistCount - a.waitlistCount)[0]!
  const detail = `/api/events/${busiest.id}`
  // the page 5,000 events deep, as infinite scroll reaches it
  let cursor = first.nextCursor!
  for (let i = 1; i < deepPages; i++)
    cursor = (await getJson<EventPage>(server, `${paths.first}?cursor=${cursor}`, session)).nextCursor!
  const deep = `${paths.first}?cursor=${cursor}`

  const select = await measureSelect(server, session)
  const load = (title: string, path: string, as = session) => measure(title, server.baseUrl, { paths: [path] }, as)
  const memberRuns: Array<[budget: string, m: Measurement]> = [
    ['events, first page', await load('GET /api/events (first page)', paths.first)],
    [
      `events, page ${deepEvents.toLocaleString('en')} events deep`,
      await load(`GET /api/events?cursor= (page ${deepPages + 1})`, deep),
    ],
    ['one event (full, waitlisted)', await load('GET /api/events/:id', detail)],
  ]
  const adminRun = await load(`GET /api/admin/events?q=${eventSearchWord}&when=all`, paths.adminSearch, admin)
  const runs: Array<[budget: string, m: Measurement]> = [
    ...memberRuns,
    [`admin events, search "${eventSearchWord}"`, adminRun],
  ]

  console.log(
    `\nevents, ${server.kind}, ${server.events} events (20,000 registrations on the soonest 400), ${settings.connections} connections, ${settings.seconds} s each`,
  )
  for (const m of [select, ...runs.map(([, m]) => m)]) console.log(formatMeasurement(m, select))

  // last: it writes (registrations, their e-mails queued), which the loads above must not see
  const race = await registrationRace(server, admin)
  console.log(
    `registration race, ${server.kind}: ${race.racers} members at once for ${race.seats} seats: ${race.confirmed} confirmed, ${race.waitlisted} waitlisted in ${race.seconds.toFixed(2)} s (${Math.round(race.perSecond)} registrations/s; per request p50 ${race.p50} ms, p99 ${race.p99} ms)`,
  )

  return [
    ...runs.map(([budget, m]) => ratioBudget(server.kind, budget, m, select, 0.5, 100)),
    cookieBudget(
      server.kind,
      'events bench',
      session,
      memberRuns.map(([, m]) => m),
    ),
  ]
}

runIfMain(import.meta.url, async () => {
  const server = await startBenchServer(engineFromEnv(), { seed: ['events'] })
  try {
    printPlans(server.plans)
    const rows = await eventsBench(server)
    printBudgets([...planBudget(server.kind, server.plans), ...rows])
  } finally {
    await server.close()
  }
})
