import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { csvResponse } from '#server/platform/csv.ts'
import { objectResponse } from '#server/platform/storage.ts'
import { uploadForm } from '#server/platform/uploads.ts'
import { validate } from '#server/platform/validation.ts'
import { eventImageCacheSeconds, eventImageMaxBytes } from '#shared/events/constants.ts'
import { adminEventMessages, eventMessages } from '#shared/events/messages.ts'
import {
  AdminEventQuery,
  EventCancelInput,
  EventInput,
  EventListQuery,
  RegistrationInput,
} from '#shared/events/schemas.ts'
import * as admin from './admin-service.ts'
import { calendarContentType } from './calendar.ts'
import * as events from './service.ts'

const EventParams = z.object({ eventId: z.uuid() })

/** An event's id in the path: anything that is no id names no event (404, as a missing one). */
const eventParam = Object.assign(
  zValidator('param', EventParams, (result) => {
    if (!result.success) throw new AppError('NOT_FOUND', eventMessages.notFound)
  }),
  // the route tooling (testing/routes.ts) reads what each route validates
  { validates: { target: 'param' as const, schema: EventParams } },
)

// the event form's image (spec 002 §5 Image upload)
const imageForm = uploadForm({
  files: ['image'],
  maxFileBytes: eventImageMaxBytes,
  messages: { tooLarge: adminEventMessages.imageTooLarge, unreadable: adminEventMessages.uploadFailed },
})

// /api/events (subscribers; admins pass): spec 001 §2 Events and Event registration,
// the dashboard's Upcoming Events and the community's next events (issue 17).
export const eventRoutes = new Hono<AppEnv>()
  .get('/', validate('query', EventListQuery), async (c) =>
    c.json(await events.listEvents(c.var.ctx, c.req.valid('query'))),
  )
  .get('/mine', async (c) => c.json(await events.listMyEvents(c.var.ctx)))
  .get('/next', async (c) => c.json(await events.listNextEvents(c.var.ctx)))
  .get('/:eventId', eventParam, async (c) => c.json(await events.getEvent(c.var.ctx, c.req.valid('param').eventId)))
  .get('/:eventId/image', eventParam, async (c) =>
    objectResponse(await events.getEventImage(c.var.ctx, c.req.valid('param').eventId), eventImageCacheSeconds),
  )
  .post('/:eventId/registration', eventParam, validate('json', RegistrationInput), async (c) =>
    c.json(await events.register(c.var.ctx, c.req.valid('param').eventId, c.req.valid('json')), 201),
  )
  .delete('/:eventId/registration', eventParam, async (c) =>
    c.json(await events.cancelRegistration(c.var.ctx, c.req.valid('param').eventId)),
  )
  // the member's calendar file of their seat
  .get('/:eventId/registration/calendar', eventParam, async (c) => {
    const { fileName, text } = await events.calendarOf(c.var.ctx, c.req.valid('param').eventId)
    return new Response(text, {
      headers: {
        'Content-Type': calendarContentType,
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  })

// /api/admin/events (admins only): spec 002 §2 Manage Events, §5 Event form, and
// issue 17's editing, cancelling and attendee list.
export const adminEventRoutes = new Hono<AppEnv>()
  .get('/', validate('query', AdminEventQuery), async (c) =>
    c.json(await admin.listAdminEvents(c.var.ctx, c.req.valid('query'))),
  )
  // before /:eventId, which would take 'upcoming' for an id
  .get('/upcoming', async (c) => c.json(await admin.listUpcomingAdminEvents(c.var.ctx)))
  .post('/', validate('json', EventInput), async (c) =>
    c.json(await admin.createEvent(c.var.ctx, c.req.valid('json')), 201),
  )
  // multipart: `image`, stored before the event is saved; answers the key the form sends
  .post('/images', imageForm.limit, async (c) => {
    const { files } = await imageForm.read(c)
    return c.json(await admin.uploadEventImage(c.var.ctx, files.image), 201)
  })
  .get('/:eventId', eventParam, async (c) => c.json(await admin.getAdminEvent(c.var.ctx, c.req.valid('param').eventId)))
  .put('/:eventId', eventParam, validate('json', EventInput), async (c) =>
    c.json(await admin.updateEvent(c.var.ctx, c.req.valid('param').eventId, c.req.valid('json'))),
  )
  .post('/:eventId/cancel', eventParam, validate('json', EventCancelInput), async (c) =>
    c.json(await admin.cancelEvent(c.var.ctx, c.req.valid('param').eventId, c.req.valid('json'))),
  )
  .get('/:eventId/attendees', eventParam, async (c) =>
    c.json(await admin.listAttendees(c.var.ctx, c.req.valid('param').eventId)),
  )
  .get('/:eventId/attendees.csv', eventParam, async (c) => {
    const { fileName, csv } = await admin.attendeesCsv(c.var.ctx, c.req.valid('param').eventId)
    return csvResponse(csv, fileName)
  })
