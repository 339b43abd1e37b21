import { z } from 'zod'
import { updateSignupMessages } from './messages.ts'

// The landing page's update sign-up box (spec 000 §1, §3 email_notifications, §5, §8).

const required = z.string({ error: updateSignupMessages.missingFields }).trim().min(1, updateSignupMessages.missingFields).max(100)

export const UpdateSignupInput = z.object({
  firstName: required,
  lastName: required,
  email: z
    .string({ error: updateSignupMessages.missingFields })
    .trim()
    .min(1, updateSignupMessages.missingFields)
    .pipe(z.email(updateSignupMessages.invalidEmail).max(254))
    // spec 000 §5: the e-mail is lowercased on save
    .transform((email) => email.toLowerCase()),
})
export type UpdateSignupInput = z.input<typeof UpdateSignupInput>
