import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import { goalMessages, routineMessages } from '#shared/goals/messages.ts'
import {
  CalendarQuery,
  ChallengeInput,
  DailyContentInput,
  GoalInput,
  GoalListQuery,
  GoalUpdate,
  ReflectionInput,
  RoutineSettingsInput,
  RoutineTodayQuery,
  TaskInput,
  TaskUpdate,
  TimeBlockInput,
  TimeBlockUpdate,
} from '#shared/goals/schemas.ts'
import * as routine from './routine-service.ts'
import * as goals from './service.ts'

/**
 * An object's id in the path. Anything that is no id names no object: the same 404
 * as one that does not exist or is someone else's, so ids tell nothing.
 */
function idParam<Name extends string>(name: Name, message: string) {
  const schema = z.object({ [name]: z.uuid() } as Record<Name, z.ZodUUID>)
  return Object.assign(
    zValidator('param', schema, (result) => {
      if (!result.success) throw new AppError('NOT_FOUND', message)
    }),
    // the route tooling (testing/routes.ts) reads what each route validates
    { validates: { target: 'param' as const, schema } },
  )
}

const goalParam = idParam('goalId', goalMessages.notFound)
const blockParam = idParam('blockId', routineMessages.blockNotFound)
const taskParam = idParam('taskId', routineMessages.taskNotFound)
// the day is checked by the service (a real date), after the body: a malformed body is told as such first
const DayParams = z.object({ day: z.string() })

// /api/goals (members): the member's own career goals (spec 001 §3, §5, §7; issue 21).
// `tz` (the browser's zone) is used, and kept on the profile, only while the member
// has none: it decides whether a target date is before their today.
export const goalRoutes = new Hono<AppEnv>()
  .get('/', validate('query', GoalListQuery), async (c) =>
    c.json(await goals.listGoals(c.var.ctx, c.req.valid('query'))),
  )
  .post('/', validate('query', RoutineTodayQuery), validate('json', GoalInput), async (c) =>
    c.json(await goals.createGoal(c.var.ctx, c.req.valid('json'), c.req.valid('query').tz), 201),
  )
  .patch('/:goalId', goalParam, validate('query', RoutineTodayQuery), validate('json', GoalUpdate), async (c) =>
    c.json(
      await goals.updateGoal(c.var.ctx, c.req.valid('param').goalId, c.req.valid('json'), c.req.valid('query').tz),
    ),
  )

// /api/routine (members): the member's own daily routine, calendar and routine
// settings (spec 001 §2 Daily routine page, Routine calendar page; issue 21). Every
// change answers today's whole routine, so the page refreshes from one answer.
export const routineRoutes = new Hono<AppEnv>()
  .get('/today', validate('query', RoutineTodayQuery), async (c) =>
    c.json(await routine.getToday(c.var.ctx, c.req.valid('query').tz)),
  )
  .put('/today/challenge', validate('query', RoutineTodayQuery), validate('json', ChallengeInput), async (c) =>
    c.json(await routine.setChallenge(c.var.ctx, c.req.valid('json'), c.req.valid('query').tz)),
  )
  .put('/today/reflection', validate('query', RoutineTodayQuery), validate('json', ReflectionInput), async (c) =>
    c.json(await routine.saveReflection(c.var.ctx, c.req.valid('json'), c.req.valid('query').tz)),
  )
  .post('/today/blocks', validate('query', RoutineTodayQuery), validate('json', TimeBlockInput), async (c) =>
    c.json(await routine.addTimeBlock(c.var.ctx, c.req.valid('json'), c.req.valid('query').tz), 201),
  )
  .patch('/blocks/:blockId', blockParam, validate('json', TimeBlockUpdate), async (c) =>
    c.json(await routine.updateTimeBlock(c.var.ctx, c.req.valid('param').blockId, c.req.valid('json'))),
  )
  .delete('/blocks/:blockId', blockParam, async (c) =>
    c.json(await routine.deleteTimeBlock(c.var.ctx, c.req.valid('param').blockId)),
  )
  .post('/today/tasks', validate('query', RoutineTodayQuery), validate('json', TaskInput), async (c) =>
    c.json(await routine.addTask(c.var.ctx, c.req.valid('json'), c.req.valid('query').tz), 201),
  )
  .patch('/tasks/:taskId', taskParam, validate('json', TaskUpdate), async (c) =>
    c.json(await routine.updateTask(c.var.ctx, c.req.valid('param').taskId, c.req.valid('json'))),
  )
  .delete('/tasks/:taskId', taskParam, async (c) =>
    c.json(await routine.deleteTask(c.var.ctx, c.req.valid('param').taskId)),
  )
  .get('/calendar', validate('query', CalendarQuery), async (c) =>
    c.json(await routine.getCalendar(c.var.ctx, c.req.valid('query'))),
  )
  .get('/settings', async (c) => c.json(await routine.getSettings(c.var.ctx)))
  .put('/settings', validate('json', RoutineSettingsInput), async (c) =>
    c.json(await routine.updateSettings(c.var.ctx, c.req.valid('json'))),
  )

// /api/admin/routine (admins): the quote, coach's tip and challenge of a day (issue
// 21); without one, members see the built-in rotation (shared/goals/library.ts).
export const adminRoutineRoutes = new Hono<AppEnv>()
  .get('/content/:day', validate('param', DayParams), async (c) =>
    c.json(await routine.getDailyContent(c.var.ctx, c.req.valid('param').day)),
  )
  .put('/content/:day', validate('param', DayParams), validate('json', DailyContentInput), async (c) =>
    c.json(await routine.setDailyContent(c.var.ctx, c.req.valid('param').day, c.req.valid('json'))),
  )
  .delete('/content/:day', validate('param', DayParams), async (c) =>
    c.json(await routine.resetDailyContent(c.var.ctx, c.req.valid('param').day)),
  )
