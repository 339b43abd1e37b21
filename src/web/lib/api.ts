import type { Hono } from 'hono'
import { hc, type ClientResponse } from 'hono/client'
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
const sameOriginFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, { ...init, credentials: 'same-origin' })
  } catch (error) {
    if (init?.signal?.aborted) throw error
    throw new ApiError({ status: 0, code: 'NETWORK', message: genericMessages.connection })
  }
}

/**
 * One area's typed client over its own route group (docs/decisions/018): paths,
 * params, query, JSON bodies and answers are checked against the server's routes,
 * e.g. `apiClient<typeof communityRoutes>('/api/community')`. One client per area,
 * not one over the whole app, keeps type-checking fast.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- hc's own constraint on a route group
export function apiClient<Routes extends Hono<any, any, any>>(base: string) {
  return hc<Routes>(base, { fetch: sameOriginFetch, headers: { Accept: 'application/json' } })
}

/** What an answer carries: its JSON, or undefined for a body-less 204 (refusals are thrown, never declared). */
type AnswerOf<R> = R extends ClientResponse<infer Body, number, infer Format> ? (Format extends 'json' ? Body : undefined) : never

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

/** TEMPORARY while areas move to apiClient. */
export async function apiFetch<T>(
  path: string,
  request: { method?: string; json?: unknown; form?: FormData; signal?: AbortSignal } = {},
): Promise<T> {
  const { json, form, signal } = request
  const method = request.method ?? (json === undefined && form === undefined ? 'GET' : 'POST')
  const response = await sameOriginFetch(path, {
    method,
    headers: json === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
    signal,
  })
  return (await bodyOf(response)) as T
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
