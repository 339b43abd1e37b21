// spec 001 §8 Contact, plus the refusals of issue 6 (rate limit, honeypot).

export const contactMessages = {
  missingFields: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  nameTooLong: 'Name must be at most 100 characters',
  subjectTooLong: 'Subject must be at most 200 characters',
  messageTooLong: 'Message must be at most 5000 characters',
  sent: 'Message sent successfully! We will get back to you soon.',
  failed: 'Failed to send message. Please try again.',
  refused: 'Your message could not be sent. Please try again.',
  tooMany: 'Too many messages from your network. Please try again later.',
} as const
