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

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  json?: unknown
  /** A multipart body (file uploads); the browser sets its content type. */
  form?: FormData
  signal?: AbortSignal
}

/** JSON request to our own API with the session cookie; throws ApiError on any refusal or network failure. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { json, form, signal } = request
  const method = request.method ?? (json === undefined && form === undefined ? 'GET' : 'POST')
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        json === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError({ status: 0, code: 'NETWORK', message: genericMessages.connection })
  }

  if (response.status === 204) return undefined as T
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
  return body as T
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
