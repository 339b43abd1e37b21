import { z } from 'zod'
import { email, emailMaxLength, requiredText } from '#shared/common/fields.ts'
import { honeypotField } from '#shared/constants.ts'
import { contactMessages } from './messages.ts'

// The Contact Us form (spec 001 §2, §3 contact_submissions, §5, §8), parsed by the form and the API alike.

export const contactLimits = { name: 100, email: emailMaxLength, subject: 200, message: 5000 } as const

const required = (max: number, tooLong: string) => requiredText(contactMessages.missingFields, max, tooLong)

export const ContactInput = z.object({
  name: required(contactLimits.name, contactMessages.nameTooLong),
  email: email(contactMessages.invalidEmail, contactMessages.missingFields),
  // spec 001 §5: the subject is optional; empty is stored as no subject
  subject: z
    .string()
    .trim()
    .max(contactLimits.subject, contactMessages.subjectTooLong)
    .optional()
    .transform((subject) => subject || null),
  message: required(contactLimits.message, contactMessages.messageTooLong),
  // issue 6: people leave it empty; the service refuses a filled one
  [honeypotField]: z.string().max(1000).optional(),
})
export type ContactInput = z.input<typeof ContactInput>
export type ContactValues = z.output<typeof ContactInput>
