// The events area's user-facing words: spec 001 §8 Events (member side), spec 002
// §8 Events and its empty state (admin side), and the words issue 17 adds (the
// waitlist, cancellations, editing), worded like the spec's own.

export const eventMessages = {
  // spec 001 §8
  registeredLoadFailed: 'Failed to load registered events',
  loadFailed: 'Failed to load events',
  detailsLoadFailed: 'Failed to load event details',
  registerFailed: 'Failed to register for event',
  registered: 'Registration successful!',
  // spec 001 §2 Event Not Found panel; the API's 404
  notFoundTitle: 'Event Not Found',
  notFound: 'Event not found',
  // issue 17: a full event puts the member on its waitlist
  waitlisted: 'This event is full. You are on the waitlist and we will e-mail you if a spot opens.',
  alreadyRegistered: 'You are already registered for this event',
  alreadyWaitlisted: 'You are already on the waitlist for this event',
  eventCancelled: 'This event has been cancelled',
  eventStarted: 'This event has already started',
  notRegistered: 'You are not registered for this event',
  registrationCancelled: 'Your registration has been cancelled',
  waitlistLeft: 'You have left the waitlist',
  cancelFailed: 'Failed to cancel registration',
  calendarDownloadFailed: 'Failed to download the calendar file',
  noUpcoming: 'No upcoming events',
  noRegisteredEvents: 'You have not registered for any upcoming events',
  // spec 001 §5 Event registration
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  fieldTooLong: 'This field is too long',
} as const

export const adminEventMessages = {
  // spec 002 §8
  loadFailed: 'Failed to load events',
  created: 'Event created successfully',
  createFailed: 'Failed to create event',
  noEvents: 'No events scheduled',
  // issue 17: editing and cancelling, worded like the spec's own
  updated: 'Event updated successfully',
  updateFailed: 'Failed to update event',
  cancelled: 'Event cancelled. Registrants have been told by e-mail.',
  cancelFailed: 'Failed to cancel event',
  alreadyCancelled: 'This event is already cancelled',
  cancelledNotEditable: 'A cancelled event cannot be edited',
  attendeesLoadFailed: 'Failed to load attendees',
  noAttendees: 'No registrations yet',
  noMatches: 'No events match your search',
  imageUploaded: 'Image uploaded',
  imageTooLarge: 'Image must be 5MB or smaller',
  uploadFailed: 'Failed to upload image',
  invalidImage: 'Please upload an image (PNG, JPEG, WebP or GIF)',
  imageNotFound: 'The uploaded image was not found. Please upload it again.',
  // spec 002 §5 Event form: title, date, time, location, type and capacity (at least 1) required
  titleRequired: 'Title is required',
  dateRequired: 'Date is required',
  invalidDate: 'Please enter a valid date',
  timeRequired: 'Time is required',
  invalidTime: 'Please enter a valid time',
  startInPast: 'Please choose a date and time in the future',
  timeZoneRequired: 'Please choose a time zone',
  locationRequired: 'Location is required',
  typeRequired: 'Please choose an event type',
  capacityMin: 'Capacity must be at least 1',
  capacityTooLarge: 'Capacity must be 100000 or fewer',
  durationInvalid: 'Duration must be between 1 minute and 24 hours',
  invalidJoinUrl: 'Please enter a valid link starting with https://',
  descriptionTooLong: 'Description must be 5000 characters or fewer',
  titleTooLong: 'Title must be 200 characters or fewer',
  locationTooLong: 'Location must be 200 characters or fewer',
  invalidWhen: 'Please choose upcoming, past or all',
} as const

/** An edit that would leave fewer seats than confirmed registrations: the admin cancels some first. */
export const capacityBelowConfirmed = (confirmed: number) =>
  `Capacity cannot be lower than the ${confirmed} confirmed registration${confirmed === 1 ? '' : 's'}`
