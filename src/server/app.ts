import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { serveStatic } from '@hono/node-server/serve-static'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { inArrivalOrder } from '#server/db/arrival-order.ts'
import { AppError, fromDatabaseError } from '#server/platform/app-error.ts'
import { compressAnswers } from '#server/platform/compress.ts'
import { createAuth, exposedAuthEndpoints } from '#server/platform/auth.ts'
import type { AppEnv, Ctx, Deps } from '#server/platform/context.ts'
import { requireAccess, viewerOf } from '#server/platform/guards.ts'
import type { Logger } from '#server/platform/logger.ts'
import { createMailer, type Mailer } from '#server/platform/mail.ts'
import { queueMail } from '#server/platform/mail-queue.ts'
import { createJobQueue, type QueueTuning } from '#server/platform/queue.ts'
import { createPayments } from '#server/platform/payments.ts'
import { RateLimiter } from '#server/platform/rate-limit.ts'
import { inlineScriptHashes, securityHeaders } from '#server/platform/security-headers.ts'
import { createSubscriptionCache } from '#server/platform/subscriptions.ts'
import { createRealtime } from '#server/platform/realtime.ts'
import { createSessionReader } from '#server/platform/session-reader.ts'
import { createMetrics, metricsAccess, metricsContentType } from '#server/platform/metrics.ts'
import { createDiskStorage, type Storage } from '#server/platform/storage.ts'
import { createS3Storage, s3StorageOptions } from '#server/platform/storage-s3.ts'
import { accountRoutes } from '#server/modules/accounts/routes.ts'
import { countGoogleSignIn } from '#server/modules/accounts/service.ts'
import { devMailRoutes } from '#server/modules/dev-mail/routes.ts'
import { communityRoutes } from '#server/modules/community/routes.ts'
import { liveRoutes } from '#server/modules/live/routes.ts'
import { updateSignupRoutes } from '#server/modules/update-signup/routes.ts'
import { profileRoutes } from '#server/modules/profile/routes.ts'
import { contactRoutes } from '#server/modules/contact/routes.ts'
import { businessRequestRoutes } from '#server/modules/business/routes.ts'
import { adminInboxRoutes } from '#server/modules/inbox/routes.ts'
import { adminJobRoutes, jobRoutes } from '#server/modules/jobs/routes.ts'
import { adminApplicationRoutes, applicationRoutes, applyRoutes } from '#server/modules/jobs/applications/routes.ts'
import { adminPlanRoutes, billingRoutes } from '#server/modules/billing/routes.ts'
import { queueAdminRoutes } from '#server/modules/queue-admin/routes.ts'
import { auditRoutes } from '#server/modules/audit/routes.ts'
import { courseRoutes } from '#server/modules/courses/routes.ts'
import { adminCourseRoutes } from '#server/modules/courses/admin/routes.ts'
import { adminResumeReviewRoutes, resumeReviewRoutes } from '#server/modules/resumes/routes.ts'
import { savedRoutes } from '#server/compose/saved/routes.ts'
import { employerNoticesOf } from '#server/compose/layoff-notices/service.ts'
import { adminEventRoutes, eventRoutes } from '#server/modules/events/routes.ts'
import { adminBlogRoutes, blogRoutes } from '#server/modules/blog/routes.ts'
import { adminLayoffRoutes, layoffRoutes } from '#server/modules/layoffs/routes.ts'
import { adminDashboardRoutes } from '#server/modules/admin/dashboard/routes.ts'
import { adminUserRoutes } from '#server/modules/admin/users/routes.ts'
import { userDeletionRoutes } from '#server/compose/user-deletion/routes.ts'
import { chatRoutes } from '#server/modules/chat/routes.ts'
import { adminChatRoutes } from '#server/compose/chat-context/routes.ts'
import { recommendationRoutes } from '#server/compose/recommendations/routes.ts'
import { adminRoutineRoutes, goalRoutes, routineRoutes } from '#server/modules/goals/routes.ts'
import { postPageHead } from '#server/modules/blog/service.ts'
import { adminSettingsRoutes, publicSettingsRoutes } from '#server/modules/admin/settings/routes.ts'
import { createSettingsStore } from '#server/modules/admin/settings/cache.ts'
import { refuseDuringMaintenance } from '#server/modules/admin/settings/service.ts'
import { applySessionTimeout } from '#server/modules/admin/settings/session-timeout.ts'
import { settingsSecretBox } from '#server/platform/secrets.ts'
import { withPageHead } from '#server/page-head.ts'
import { backgroundJobs, recurringJobs } from '#server/background-jobs.ts'
import { apiAccessFor, pageAccessFor } from '#shared/access.ts'
import { verificationMailLimit } from '#shared/accounts/constants.ts'
import { errorStatus, genericMessages, type ErrorBody } from '#shared/errors.ts'
import { passwordResetMailLimit, publicFormRateLimit, requestBodyLimits, signInRateLimit } from '#shared/constants.ts'

export const webRoot = path.resolve(import.meta.dirname, '../../dist/web')

/** Where uploaded files live: DATA_DIR/uploads, or the S3-compatible bucket (docs/decisions/020). */
export function createStorage(config: Config): Storage {
  return config.STORAGE_DRIVER === 's3'
    ? createS3Storage(s3StorageOptions(config))
    : createDiskStorage(path.resolve(config.DATA_DIR, 'uploads'))
}

/** Builds the long-lived parts; `close()` them before closing the database. */
export async function createDeps(options: {
  config: Config
  database: Database
  logger: Logger
  secret: string
  mailer?: Mailer
  /** the job queue's settings (tests shorten its waits) */
  queue?: QueueTuning
}): Promise<Deps> {
  const { config, database, logger, secret } = options
  // the platform settings (issue 22), read once now so the first requests' checks see them
  const settings = await createSettingsStore({ database, box: settingsSecretBox(config), logger })
  await settings.read()
  const mailer =
    options.mailer ??
    createMailer(config, logger, {
      smtpServer: settings.smtpServer,
      hasSmtpServer: () => Boolean(settings.current().email.smtpHost),
      senderName: () => settings.current().general.platformName,
    })
  const realtime = await createRealtime(database, logger)
  const queue = createJobQueue({ database, logger, jobs: backgroundJobs, schedules: recurringJobs, ...options.queue })
  let closing: Promise<void> | undefined
  const deps: Deps = {
    config,
    database,
    db: database.db,
    auth: createAuth({
      config,
      db: database.db,
      queueMail: (mail) => queueMail({ queue }, mail),
      secret,
      logger,
      platformName: () => settings.current().general.platformName,
    }),
    mailer,
    payments: createPayments(config),
    logger,
    signInLimiter: new RateLimiter(database.db, 'sign-in', signInRateLimit),
    resetMailLimiter: new RateLimiter(database.db, 'reset-mail', passwordResetMailLimit),
    verificationMailLimiter: new RateLimiter(database.db, 'verification-mail', verificationMailLimit),
    subscriptionCache: createSubscriptionCache(database.db),
    storage: createStorage(config),
    realtime,
    publicFormLimiter: new RateLimiter(database.db, 'public-form', publicFormRateLimit),
    queue,
    settings,
    // Event streams end at once (they would hold the HTTP server's close open) while
    // running jobs finish (or are left to pg-boss's expiry); the caller closes the
    // database after both, and after the last request, which may still queue a mail.
    close: () => (closing ??= Promise.all([realtime.close(), queue.stop(), settings.close()]).then(() => {})),
  }
  // the job board's employer notices, answered by the layoffs area (compose/layoff-notices)
  deps.employerNotices = employerNoticesOf(deps)
  try {
    await queue.start(deps)
  } catch (error) {
    // pg-boss's schema at another version: nothing this opened stays open
    await deps.close().catch((cleanup: unknown) => logger.error({ err: cleanup }, 'closing after a failed start'))
    throw error
  }
  return deps
}

function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** Adds the session cookies better-auth refreshed, unless the handler set those cookies itself (sign-out, sign-in). */
function passRefreshedSessionCookies(responseHeaders: Headers, sessionCookies: Headers) {
  const alreadySet = new Set(responseHeaders.getSetCookie().map((cookie) => cookie.split('=')[0]))
  for (const cookie of sessionCookies.getSetCookie()) {
    if (!alreadySet.has(cookie.split('=')[0])) responseHeaders.append('Set-Cookie', cookie)
  }
}

/** A lesson video (issue 15: up to lessonVideoMaxBytes, admins only). */
const largeUploadPath = /^\/api\/admin\/courses\/lessons\/[^/]+\/video$/

/** Methods that change state: they need our own Origin and a session checked in the database. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Server-to-server callers that cannot send our Origin: Stripe, authenticated by its signature. */
const originExempt = new Set(['/api/billing/webhook'])

/** A client mistake Hono itself refuses (malformed JSON, a body over the limit) as our error; its own failures stay unknown. */
function fromHttpException(error: HTTPException): AppError | undefined {
  if (error.status >= 500) return undefined
  if (error.status === 413) return new AppError('TOO_LARGE', genericMessages.bodyTooLarge)
  if (error.status === 401) return new AppError('UNAUTHORIZED', genericMessages.authenticationRequired)
  if (error.status === 404) return new AppError('NOT_FOUND', genericMessages.notFound)
  return new AppError('VALIDATION', genericMessages.invalidRequest)
}

export function createApp(deps: Deps) {
  const { config, logger, auth } = deps
  const indexHtml = existsSync(path.join(webRoot, 'index.html'))
    ? readFileSync(path.join(webRoot, 'index.html'), 'utf8')
    : undefined

  const app = new Hono<AppEnv>()
  const readSession = createSessionReader(auth)
  // before all else: on PGlite, a request's statements keep their place by its arrival (db/arrival-order.ts)
  app.use('*', (_, next) => inArrivalOrder(next))
  // first: it times the whole answer and sees its final status (GET /metrics, README "Operating")
  const metrics = createMetrics({ database: deps.database })
  app.use('*', metrics.measure)

  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id')
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID()
    c.set('requestId', requestId)
    c.header('X-Request-Id', requestId)
    const started = performance.now()
    await next()
    logger.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    )
  })
  // Hono answers HEAD with the GET handler's answer and drops its body without
  // cancelling it: a file's stream (a disk descriptor, one of the S3 client's
  // sockets) or an event stream would stay open. Closed here, for every route.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'HEAD') return next()
    await next()
    await c.res.body?.cancel()
  })
  // gzip for whatever asks for it, in one zlib call for JSON and HTML; event streams,
  // small answers and answers already encoded (the packed board and feed) are left
  // alone (platform/compress.ts, docs/decisions/034)
  app.use('*', compressAnswers())
  // A header set with c.header() after the handler rebuilds the finished response
  // (a real Response and a body stream instead of a string), even for a client that
  // takes it uncompressed: the API's answers carry Vary from the start.
  app.use('/api/*', async (c, next) => {
    c.header('Vary', 'Accept-Encoding')
    await next()
  })
  app.use('*', securityHeaders(indexHtml ? inlineScriptHashes(indexHtml) : []))

  app.onError((error, c) => {
    const requestId = c.get('requestId')
    const known =
      error instanceof AppError
        ? error
        : error instanceof HTTPException
          ? fromHttpException(error)
          : fromDatabaseError(error)
    if (known) {
      for (const [name, value] of Object.entries(known.headers ?? {})) c.header(name, value)
      const body: ErrorBody = { error: { code: known.code, message: known.message, fields: known.fields, requestId } }
      return c.json(body, errorStatus[known.code])
    }
    logger.error({ requestId, err: error, path: c.req.path }, 'unhandled error')
    const body: ErrorBody = { error: { code: 'INTERNAL', message: genericMessages.internal, requestId } }
    return c.json(body, 500)
  })

  app.get('/healthz', (c) => c.json({ status: 'ok' }))
  app.get('/readyz', async (c) => {
    try {
      await deps.database.ping()
      return c.json({ status: 'ready' })
    } catch {
      return c.json({ status: 'unavailable' }, 503)
    }
  })

  // Every body is read against a limit: JSON and forms are small, uploads have
  // their own limits per route under the multipart ceiling (decision 012).
  const tooLarge = () => {
    throw new AppError('TOO_LARGE', genericMessages.bodyTooLarge)
  }
  const jsonLimit = bodyLimit({ maxSize: requestBodyLimits.jsonBytes, onError: tooLarge })
  const multipartLimit = bodyLimit({ maxSize: requestBodyLimits.multipartBytes, onError: tooLarge })
  app.use('/api/*', (c, next) => {
    if (readOnlyMethods.has(c.req.method)) return next()
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) return jsonLimit(c, next)
    // the one upload above the ceiling: its route's own form limit holds it, after the admin check
    if (c.req.method === 'PUT' && largeUploadPath.test(c.req.path)) return next()
    return multipartLimit(c, next)
  })

  // A state-changing request must come from our own pages: SameSite=Lax alone
  // lets another site post a form (multipart) with the member's cookies.
  app.use('/api/*', async (c, next) => {
    if (
      !readOnlyMethods.has(c.req.method) &&
      !originExempt.has(c.req.path) &&
      c.req.header('origin') !== config.baseUrl
    ) {
      throw new AppError('FORBIDDEN', genericMessages.foreignOrigin)
    }
    await next()
  })

  // better-auth's own endpoints: only those the product needs (Google's callback),
  // under the same per-IP limit as our sign-in routes; every other /api/auth path
  // falls through to the 404 below (decision 012).
  for (const endpoint of exposedAuthEndpoints(config)) {
    app.on(endpoint.method, endpoint.path, async (c) => {
      await deps.signInLimiter.enforce(
        clientIp(c as unknown as Context, config.TRUST_PROXY),
        genericMessages.tooManyAttempts,
      )
      // social sign-in turned off by the admins (issue 22): a sign-in begun before ends here
      if (!(await deps.settings.read()).security.allowSocialLogin) return c.redirect('/login?error=google')
      const response = await auth.handler(c.req.raw)
      await countGoogleSignIn(deps, response, clientIp(c as unknown as Context, config.TRUST_PROXY))
      return response
    })
  }

  const sessionAndAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
    // With the cookie cache this costs no database round trip on most reads;
    // when the cache has expired, better-auth re-reads the session and hands back
    // a fresh cache cookie, which is passed on below. A state-changing request
    // always asks the database, so a session ended by sign-out or a password
    // change stops writing at once, not when the cache runs out.
    const fresh = !readOnlyMethods.has(c.req.method)
    // a session idle longer than the admins' session timeout ends here (issue 22)
    const { cookies: sessionCookies, session } = await applySessionTimeout(
      deps,
      c.req.raw.headers,
      await readSession(c.req.raw.headers, { fresh }),
      { fresh, reread: () => readSession(c.req.raw.headers, { fresh: true }) },
    )
    let viewer: ReturnType<Ctx['viewer']> | undefined
    const ctx: Ctx = {
      deps,
      requestId: c.get('requestId'),
      ip: clientIp(c as unknown as Context, config.TRUST_PROXY),
      headers: c.req.raw.headers,
      session,
      logger,
      viewer: () => (viewer ??= viewerOf(deps, session)),
    }
    c.set('ctx', ctx)
    // maintenance mode (issue 22): members and visitors get 503, admins and signing in pass
    await refuseDuringMaintenance(ctx, c.req.path)
    await requireAccess(ctx, apiAccessFor(c.req.path, c.req.method))
    await next()
    passRefreshedSessionCookies(c.res.headers, sessionCookies)
  }
  app.use('/api/*', sessionAndAccess)
  // Prometheus scrapes with METRICS_TOKEN; an admin's session opens it too (the access table's '/metrics')
  app.get('/metrics', metricsAccess(config.METRICS_TOKEN, sessionAndAccess), async (c) =>
    c.body(await metrics.render(), 200, { 'Content-Type': metricsContentType, 'Cache-Control': 'no-store' }),
  )

  const api = app
    .route('/api/accounts', accountRoutes)
    .route('/api/billing', billingRoutes)
    .route('/api/admin/plans', adminPlanRoutes)
    .route('/api/dev-mail', devMailRoutes)
    .route('/api/live', liveRoutes)
    .route('/api/community', communityRoutes)
    .route('/api/update-signup', updateSignupRoutes)
    .route('/api/profile', profileRoutes)
    .route('/api/contact', contactRoutes)
    .route('/api/settings', publicSettingsRoutes)
    .route('/api/admin/settings', adminSettingsRoutes)
    .route('/api/business-requests', businessRequestRoutes)
    .route('/api/admin/inbox', adminInboxRoutes)
    .route('/api/jobs', jobRoutes)
    .route('/api/jobs', applyRoutes)
    .route('/api/applications', applicationRoutes)
    .route('/api/admin/jobs', adminJobRoutes)
    .route('/api/admin/jobs', adminApplicationRoutes)
    .route('/api/admin/queue', queueAdminRoutes)
    .route('/api/admin/audit', auditRoutes)
    .route('/api/admin/courses', adminCourseRoutes)
    .route('/api/courses', courseRoutes)
    .route('/api/resume-reviews', resumeReviewRoutes)
    .route('/api/admin/resume-reviews', adminResumeReviewRoutes)
    .route('/api/events', eventRoutes)
    .route('/api/admin/events', adminEventRoutes)
    .route('/api/blog', blogRoutes)
    .route('/api/admin/blog', adminBlogRoutes)
    .route('/api/layoffs', layoffRoutes)
    .route('/api/admin/layoffs', adminLayoffRoutes)
    .route('/api/admin/dashboard', adminDashboardRoutes)
    .route('/api/admin/users', adminUserRoutes)
    .route('/api/chat', chatRoutes)
    .route('/api/goals', goalRoutes)
    .route('/api/routine', routineRoutes)
    .route('/api/admin/routine', adminRoutineRoutes)
    // cross-area: composed above the modules (src/server/compose)
    .route('/api/saved', savedRoutes)
    .route('/api/admin/chat', adminChatRoutes)
    .route('/api/admin/users', userDeletionRoutes)
    .route('/api/recommendations', recommendationRoutes)

  app.all('/api/*', (c) => {
    const body: ErrorBody = {
      error: { code: 'NOT_FOUND', message: genericMessages.notFound, requestId: c.get('requestId') },
    }
    return c.json(body, 404)
  })

  if (indexHtml) {
    app.use('/assets/*', async (c, next) => {
      await next()
      // on the answer itself: c.header() after the handler would rebuild it (decision 011)
      if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
    })
    // files only: a folder (such as / itself) falls through to the app shell below
    // the build wrote each script and style also as .br and .gz (scripts/build.js): sent as they are
    const webFiles = serveStatic({ root: path.relative(process.cwd(), webRoot) || '.', precompressed: true })
    app.use('*', async (c, next) => (path.extname(c.req.path) ? webFiles(c, next) : next()))
    // Every other path is a page of the single-page app; paths that are no page
    // get the app's not-found page with a 404 status.
    // a published post's page carries its own title, description and Open Graph
    // tags, so a shared link previews well (decision 027)
    app.get('/blog/:postId', async (c, next) => {
      const head = await postPageHead(deps, c.req.param('postId'))
      if (!head) return next()
      return c.html(withPageHead(indexHtml, head))
    })
    app.get('*', (c) => c.html(indexHtml, pageAccessFor(c.req.path) ? 200 : 404))
  }

  return api
}
