// Apart from the schema so that the landing page can show them without loading zod
// (the JavaScript budget of '/'). spec 000 §8, update sign-up.

export const updateSignupMessages = {
  missingFields: 'Please fill in all fields',
  invalidEmail: 'Please enter a valid email address',
  thanks: 'Thank you for signing up!',
  failed: 'Failed to sign up. Please try again.',
  tooMany: 'Too many sign-ups from your network. Please try again later.',
} as const
