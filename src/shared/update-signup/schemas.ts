import { z } from 'zod'
import { email, requiredText } from '#shared/common/fields.ts'
import { updateSignupMessages } from './messages.ts'

// The landing page's update sign-up box (spec 000 §1, §3 email_notifications, §5, §8).

const required = requiredText(updateSignupMessages.missingFields, 100)

export const UpdateSignupInput = z.object({
  firstName: required,
  lastName: required,
  // spec 000 §5: the e-mail is lowercased on save
  email: email(updateSignupMessages.invalidEmail, updateSignupMessages.missingFields),
})
export type UpdateSignupInput = z.input<typeof UpdateSignupInput>
