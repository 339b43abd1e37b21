// The resume review's user-facing words: spec 001 §5 Resume file, §8 Resume and
// Comments, §9 bands (member side); spec 002 §2, §5 Score form, §8 Resume reviews
// (admin side); and the issue 16 words the spec does not give (worded like its own).

export const resumeMessages = {
  // the member page (spec 001 §5, §8)
  notPdf: 'Please upload a PDF file',
  tooLarge: 'File size must be less than 5MB',
  fileAndSignInRequired: 'Please select a resume file and ensure you are signed in',
  emailRequired: 'Please enter your email address',
  invalidEmail: 'Please enter a valid email address',
  submitted: 'Resume submitted for review',
  submitFailed: 'Failed to submit resume. Please try again.',
  loadFailed: 'Failed to load resume reviews',
  downloaded: 'Resume downloaded successfully',
  downloadFailed: 'Failed to download resume',
  metricsLoadFailed: 'Failed to load resume metrics',
  // a PDF whose pages cannot be read (issue 16: a clear message, never a 500)
  unreadablePdf: 'This PDF could not be read. Please upload an undamaged PDF that is not password-protected.',
  // the pre-score failed for another reason (storage, database) after its retries: the coach scores by hand
  preScoreFailed: 'The automatic pre-score could not be computed. Please score this resume by hand.',
  notFound: 'Resume review not found',
  // the admin page (spec 002 §8)
  noReviews: 'No resume reviews yet',
  recentLoadFailed: 'Failed to load recent reviews',
  scored: 'Resume scored successfully',
  scoreFailed: 'Failed to save score',
  feedbackRequired: 'Feedback is required',
  feedbackTooLong: 'Feedback must be 5000 characters or fewer',
  invalidStatusFilter: 'Please choose a status',
} as const

export const resumeCommentMessages = {
  loadFailed: 'Failed to load comments',
  none: 'No comments yet',
  // spec 001 §5: a blank comment is ignored by the form; the server says why it refused one
  blank: 'Please write a comment',
  tooLong: 'Comments must be 2000 characters or fewer',
  sent: 'Comment added',
  sendFailed: 'Failed to add comment',
} as const
