import { z } from 'zod'

// The field shapes every area composes (ARCHITECTURE.md layout, issue 13). The
// shape is the same everywhere; the words are the area's own (spec 000, 001 and
// 002 §8 each word their forms' messages), so each shape takes its messages.

/** RFC 5321: no longer address can be delivered. */
export const emailMaxLength = 254

/**
 * Text a person must fill in: trimmed, then not empty. A missing or non-string
 * value says the same `message` as an empty one. Without `tooLong`, an over-long
 * text gets zod's own message (the admin and account forms cap their fields so).
 */
export function requiredText(message: string, max?: number, tooLong?: string) {
  const text = z.string({ error: message }).trim().min(1, { error: message })
  return max === undefined ? text : text.max(max, tooLong === undefined ? undefined : { error: tooLong })
}

const emailAddress = (invalid: string) => z.email({ error: invalid }).max(emailMaxLength, { error: invalid })

/**
 * A required e-mail address, trimmed and lowercased (spec 000 §5: lowercased on
 * save), so one person is one address whatever they typed. `required` is what an
 * empty field says where the area words it apart from `invalid`.
 */
export function email(invalid: string, required: string = invalid) {
  return requiredText(required)
    .pipe(emailAddress(invalid))
    .transform((address) => address.toLowerCase())
}

/** An e-mail address that may be left empty: '' stays '', for the caller to store as none. */
export function optionalEmail(invalid: string) {
  return z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), emailAddress(invalid)]))
    .transform((address) => address.toLowerCase())
    .optional()
}

/**
 * A phone number as people write it, international or local: '+44 20 7946 0958',
 * '(617) 555-0100', '617.555.0100'. Digits, spaces, brackets, dots and hyphens,
 * one leading '+', and at least 7 digits: '(((---)))' has the right characters but
 * is no number. Not a dialling plan check: an admin reads it and calls it.
 * `max` counts characters; the areas differ (a form's message may name it).
 */
export function phone(invalid: string, max: number) {
  return z
    .string({ error: invalid })
    .trim()
    .max(max, { error: invalid })
    .regex(/^\+?[\d\s().-]+$/, { error: invalid })
    .refine((value) => (value.match(/\d/g)?.length ?? 0) >= 7, { error: invalid })
}

/** A required phone number: an empty field says `required`, a malformed one `invalid`. */
export function requiredPhone(required: string, invalid: string, max: number) {
  return requiredText(required).pipe(phone(invalid, max))
}

/**
 * A web address a person links to: http or https with a dotted host. With `host`,
 * https only and the host must match (a LinkedIn profile on linkedin.com).
 */
export function httpUrl(invalid: string, max: number, host?: RegExp) {
  return z
    .string({ error: invalid })
    .trim()
    .max(max, { error: invalid })
    .refine((value) => isHttpUrl(value, host), { error: invalid })
}

function isHttpUrl(value: string, host?: RegExp) {
  try {
    const url = new URL(value)
    if (host) return url.protocol === 'https:' && host.test(url.hostname)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

/** What a next-page token the server did not write answers, wherever a list pages. */
export const invalidCursorMessage = 'Invalid cursor'

/**
 * The longest next-page token any list writes: base64url of the last row's
 * keyset position (src/server/platform/paging.ts), a ranked one being the longest
 * (about 150 characters), with room to spare.
 */
export const cursorMaxLength = 300

/**
 * The opaque next-page token of every paged list (the query's `cursor`): base64url,
 * as the server wrote it. The first page has none. What it holds is checked when
 * it is decoded (paging.ts); this keeps anything else out of the query at once.
 */
export const Cursor = z
  .string()
  .regex(new RegExp(`^[\\w-]{1,${cursorMaxLength}}$`), { error: invalidCursorMessage })
  .optional()

/** The query of a list that has no filter of its own, only its pages. */
export const PageQuery = z.object({ cursor: Cursor })
export type PageQuery = z.infer<typeof PageQuery>
