// The one error model of the product (ARCHITECTURE.md rule 4). The server throws
// AppError with one of these codes; app.onError maps the code to its HTTP status
// once; the web reads `{ error: { code, message, fields?, requestId } }` back.

export const errorStatus = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  // maintenance mode (issue 22): the platform is closed to members and visitors for a while
  UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof errorStatus

export type ErrorBody = {
  error: {
    code: ErrorCode
    message: string
    fields?: Record<string, string>
    requestId?: string
  }
}

// spec 000 §8, "Database codes"
export const databaseErrorMessages = {
  '23505': 'This record already exists',
  '23503': 'Invalid reference to another resource',
  '42501': 'You do not have permission to perform this action',
} as const

export const genericMessages = {
  internal: 'An error occurred while processing your request',
  notFound: 'Not found',
  authenticationRequired: 'Authentication required',
  adminRequired: 'Admin access required',
  subscriptionRequired: 'This feature is only available to members',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  invalidRequest: 'Invalid request format. Please try again.',
  bodyTooLarge: 'The request is too large',
  unsavableCharacter: 'Text contains a character that cannot be saved (a NUL character or broken Unicode)',
  foreignOrigin: 'This request came from another site and was refused',
  connection: 'Connection error. Please check your internet connection.',
} as const

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ErrorBody).error?.message === 'string'
  )
}
