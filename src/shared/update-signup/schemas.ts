import { z } from 'zod'

// The landing page's update sign-up box (spec 000 §1, §3 email_notifications, §5, §8).

export const updateSignupMessages = {
  missingFields: 'Please fill in all fields',
  invalidEmail: 'Please enter a valid email address',
  thanks: 'Thank you for signing up!',
  failed: 'Failed to sign up. Please try again.',
  tooMany: 'Too many sign-ups from your network. Please try again later.',
} as const

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
