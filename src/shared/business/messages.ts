// spec 002 §3 business request form. The spec defines no messages for it (§8
// "Error messages for submission are not shown"); these are ours (issue 6).

export const businessMessages = {
  missingFields: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number (7 to 20 digits, spaces, +, -, or brackets)',
  chooseIndustry: 'Please choose an industry',
  chooseSkill: 'Please choose at least one skill',
  businessNameTooLong: 'Business name must be at most 150 characters',
  supportTooLong: 'Type of support needed must be at most 2000 characters',
  sent: 'Thank you! Your request has been received. We will contact you shortly to schedule a consultation.',
  failed: 'Failed to send your request. Please try again.',
  refused: 'Your request could not be sent. Please try again.',
  tooMany: 'Too many requests from your network. Please try again later.',
} as const
