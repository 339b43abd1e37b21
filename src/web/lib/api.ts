import type { Hono } from 'hono'
import type { ClientResponse, hc } from 'hono/client'
import { genericMessages, isErrorBody, type ErrorCode } from '#shared/errors.ts'

export type ApiErrorCode = ErrorCode | 'NETWORK'

/** A refusal of the API, built from its `{ error: { code, message, fields?, requestId } }` body (ARCHITECTURE.md rule 4). */
export class ApiError extends Error {
  readonly status: number
  readonly code: ApiErrorCode
  readonly fields: Record<string, string> | undefined
  readonly requestId: string | undefined

  constructor(options: {
    status: number
    code: ApiErrorCode
    message: string
    fields?: Record<string, string>
    requestId?: string
  }) {
    super(options.message)
    this.name = 'ApiError'
    this.status = options.status
    this.code = options.code
    this.fields = options.fields
    this.requestId = options.requestId
  }
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'TOO_LARGE',
  429: 'RATE_LIMITED',
}

function fallbackMessage(status: number, body: unknown): string {
  // a proxy's or a library's answer may carry `{ message }` of its own
  if (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string' &&
    body.message
  ) {
    return body.message
  }
  if (status === 429) return genericMessages.tooManyAttempts
  if (status === 404) return genericMessages.notFound
  if (status === 413) return genericMessages.bodyTooLarge
  return genericMessages.internal
}

/** Fetch with the session cookie; a lost connection becomes ApiError('NETWORK'), an abort stays an abort. */
export const sameOriginFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, { ...init, credentials: 'same-origin' })
  } catch (error) {
    if (init?.signal?.aborted) throw error
    throw new ApiError({ status: 0, code: 'NETWORK', message: genericMessages.connection })
  }
}

/** What an answer carries: its JSON, or undefined for a body-less 204 (refusals are thrown, never declared). */
type AnswerOf<R> =
  R extends ClientResponse<infer Body, number, infer Format> ? (Format extends 'json' ? Body : undefined) : never

/**
 * The body of an API answer, or the ApiError it carries (ARCHITECTURE.md rule 4):
 * `await answer(communityApi.posts.$get({ query }, { init: { signal } }))`.
 */
export async function answer<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R> | R,
): Promise<AnswerOf<R>> {
  const response = (await request) as unknown as Response
  return (await bodyOf(response)) as AnswerOf<R>
}

async function bodyOf(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }

  if (!response.ok) {
    if (isErrorBody(body)) {
      const { code, message, fields, requestId } = body.error
      throw new ApiError({ status: response.status, code, message, fields, requestId })
    }
    throw new ApiError({
      status: response.status,
      code: codeByStatus[response.status] ?? 'INTERNAL',
      message: fallbackMessage(response.status, body),
    })
  }
  return body
}

/** The typed client of a route group, as a type only (for the calls that stay on fetch). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- hc's own constraint on a route group
export type ClientOf<Routes extends Hono<any, any, any>> = ReturnType<typeof hc<Routes>>

type Endpoint = (...args: never[]) => Promise<ClientResponse<unknown, number, string>>

/**
 * The landing page's own three calls (session, promo, promo check) stay on fetch
 * so that '/' does not ship hono/client (2 KB gzip, past its budget: decision
 * 018); their answers are still typed from the route, e.g.
 * `fetchAnswer<ClientOf<typeof accountRoutes>['session']['$get']>('/api/accounts/session')`.
 */
export async function fetchAnswer<E extends Endpoint>(
  path: string,
  request: { method?: 'GET' | 'POST'; json?: unknown; signal?: AbortSignal } = {},
): Promise<AnswerOf<Awaited<ReturnType<E>>>> {
  const { json, signal, method = json === undefined ? 'GET' : 'POST' } = request
  const response = await sameOriginFetch(path, {
    method,
    headers:
      json === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
    signal,
  })
  return (await bodyOf(response)) as AnswerOf<Awaited<ReturnType<E>>>
}

/**
 * Is this refusal the absence of what a page's URL names: unknown, gone, not
 * visible, or a malformed id, which the server refuses (400) with the same
 * not-found words?
 */
export function isNotFoundError(error: unknown, notFoundMessage: string): boolean {
  return (
    error instanceof ApiError && (error.status === 404 || (error.status === 400 && error.message === notFoundMessage))
  )
}

/**
 * The message to show for any error: the server's own wording (a refusal, a
 * validation, a lost connection, a named outage), except its generic one for an
 * unexpected failure, where `fallback`, the area's own message ('Failed to save
 * job'), says more; `signedOut` replaces the server's words when the session ended.
 */
export function messageOf(error: unknown, fallback: string = genericMessages.internal, signedOut?: string): string {
  if (!(error instanceof ApiError)) return fallback
  if (signedOut && error.status === 401) return signedOut
  return error.status >= 500 && error.message === genericMessages.internal ? fallback : error.message
}
