import type { Db } from '#server/db/client.ts'
import { oneLine } from '#server/platform/admin-mail.ts'
import type { Deps } from '#server/platform/context.ts'
import { queueMail, type QueuedAttachment } from '#server/platform/mail-queue.ts'
import { pathTo } from '#shared/pages.ts'
import { calendarContentType, calendarFile, calendarFileName, whenText } from './calendar.ts'
import type { EventRow, RegistrationRow } from './queries.ts'

// The events area's e-mails (issue 17), each queued in the transaction of the
// write that causes it (decision 021): a registration, a promotion from the
// waitlist, a cancellation, an admin's edit or cancellation of the event, and the
// reminder a day before. Confirmed seats get the calendar file; a waitlisted
// member gets none until a seat is theirs, and never the webinar's link.

type MailDeps = Pick<Deps, 'queue' | 'config'>

const eventsPage = (deps: MailDeps) => `${deps.config.baseUrl}${pathTo('events')}`

function calendarAttachment(deps: MailDeps, event: EventRow, registration: RegistrationRow): QueuedAttachment {
  return {
    filename: calendarFileName(event),
    contentType: calendarContentType,
    text: calendarFile(event, registration, deps.config.baseUrl),
  }
}

/** The lines every mail about an event carries: when, where, and the join link (a webinar's) for a confirmed seat. */
function eventLines(event: EventRow, registration: RegistrationRow): string[] {
  const seat = registration.status === 'confirmed' && event.status === 'scheduled'
  return [
    event.title,
    `When: ${whenText(event)}`,
    `Where: ${event.location}`,
    ...(seat && event.joinUrl ? [`Join link: ${event.joinUrl}`] : []),
  ]
}

const greeting = (registration: RegistrationRow) => `Hello ${oneLine(registration.firstName) || 'there'},`

async function send(
  deps: MailDeps,
  tx: Db,
  registration: RegistrationRow,
  subject: string,
  lines: string[],
  calendar?: { event: EventRow },
) {
  await queueMail(
    deps,
    {
      to: registration.email,
      subject,
      text: [greeting(registration), '', ...lines, '', `All events: ${eventsPage(deps)}`].join('\n'),
      ...(calendar ? { attachments: [calendarAttachment(deps, calendar.event, registration)] } : {}),
    },
    { tx },
  )
}

/** A new registration: the seat with its calendar file, or the place on the waitlist. */
export async function queueRegistrationMail(deps: MailDeps, tx: Db, event: EventRow, registration: RegistrationRow) {
  if (registration.status === 'confirmed') {
    await send(
      deps,
      tx,
      registration,
      `You're registered: ${oneLine(event.title)}`,
      ['Your seat is confirmed for:', '', ...eventLines(event, registration), '', 'The calendar file is attached.'],
      { event },
    )
    return
  }
  await send(deps, tx, registration, `You're on the waitlist: ${oneLine(event.title)}`, [
    'This event is full, so you are on its waitlist. If a seat opens, it is yours and we will e-mail you with the details.',
    '',
    ...eventLines(event, registration),
  ])
}

/** A seat freed and it went to this member, first in the queue. */
export async function queuePromotionMail(deps: MailDeps, tx: Db, event: EventRow, registration: RegistrationRow) {
  await send(
    deps,
    tx,
    registration,
    `A seat opened: you're registered for ${oneLine(event.title)}`,
    ['A seat opened and it is yours: you are now registered for', '', ...eventLines(event, registration)],
    { event },
  )
}

/** The member gave up their seat (a calendar CANCEL) or their place on the waitlist. */
export async function queueWithdrawalMail(
  deps: MailDeps,
  tx: Db,
  event: EventRow,
  registration: RegistrationRow,
  wasConfirmed: boolean,
) {
  await send(
    deps,
    tx,
    registration,
    wasConfirmed ? `Registration cancelled: ${oneLine(event.title)}` : `You left the waitlist: ${oneLine(event.title)}`,
    [
      wasConfirmed ? 'Your registration has been cancelled for:' : 'You are no longer on the waitlist for:',
      '',
      ...eventLines(event, registration),
    ],
    wasConfirmed ? { event } : undefined,
  )
}

/** The admin changed when, where or how to join: everyone registered hears, seats get the updated file. */
export async function queueEventChangedMail(deps: MailDeps, tx: Db, event: EventRow, registration: RegistrationRow) {
  await send(
    deps,
    tx,
    registration,
    `Event updated: ${oneLine(event.title)}`,
    [
      'The details of an event you registered for have changed. It now reads:',
      '',
      ...eventLines(event, registration),
      ...(registration.status === 'confirmed' ? ['', 'The updated calendar file is attached.'] : []),
    ],
    registration.status === 'confirmed' ? { event } : undefined,
  )
}

/** The admin cancelled the event: everyone registered hears, seats get the calendar CANCEL. */
export async function queueEventCancelledMail(
  deps: MailDeps,
  tx: Db,
  event: EventRow,
  registration: RegistrationRow,
  reason: string,
) {
  await send(
    deps,
    tx,
    registration,
    `Event cancelled: ${oneLine(event.title)}`,
    [
      'We are sorry: this event has been cancelled.',
      '',
      ...eventLines(event, registration),
      ...(reason ? ['', `Why: ${reason}`] : []),
    ],
    registration.status === 'confirmed' ? { event } : undefined,
  )
}

/** The day-before reminder (issue 17). */
export async function queueReminderMail(deps: MailDeps, tx: Db, event: EventRow, registration: RegistrationRow) {
  await send(deps, tx, registration, `Reminder: ${oneLine(event.title)} starts soon`, [
    'A reminder of the event you registered for:',
    '',
    ...eventLines(event, registration),
  ])
}
