// Career goals' and the daily routine's user-facing words: spec 001 §4, §5 Career
// goal, §8 Metrics and goals; issue 21's own (worded like the spec's).

export const goalMessages = {
  // spec 001 §5, §8
  requiredFields: 'Please fill in all required fields',
  signInRequired: 'You must be logged in to create a goal',
  loadFailed: 'Failed to load career goals',
  progressFailed: 'Failed to update progress',
  createFailed: 'Failed to create goal',
  created: 'Career goal added successfully',
  // issue 21
  targetDateInPast: 'Target date cannot be in the past',
  invalidType: 'Please choose a goal type',
  titleTooLong: 'Goal titles must be 200 characters or fewer',
  invalidProgress: 'Progress must be between 0 and 100 in steps of 5',
  invalidStatus: 'Please choose a status',
  tooMany: 'You can have up to 20 active goals. Mark one achieved or archive it first.',
  notFound: 'Goal not found',
  achieved: 'Goal marked as achieved',
  archived: 'Goal archived',
  updated: 'Goal updated',
  none: 'No active goals yet. Add your first goal above.',
} as const

export const routineMessages = {
  // spec 001 §4 Evening reflection
  reflectionDone: "You've completed your reflection for today. Great job staying mindful!",
  // issue 21
  loadFailed: 'Failed to load your routine',
  saveFailed: 'Failed to save your routine',
  reflectionSaved: 'Reflection saved',
  reflectionRequired: 'Please answer all three questions',
  answerTooLong: 'Answers must be 2000 characters or fewer',
  invalidTime: 'Please enter a time as HH:MM',
  activityRequired: 'Please describe the activity',
  taskRequired: 'Please enter a task',
  textTooLong: 'Must be 200 characters or fewer',
  invalidStatus: 'Please choose pending, completed or skipped',
  tooManyBlocks: 'A day can have up to 24 time blocks',
  tooManyTasks: 'A day can have up to 20 priority tasks',
  blockNotFound: 'Time block not found',
  taskNotFound: 'Task not found',
  invalidTimeZone: 'Please choose a valid time zone',
  invalidMonth: 'Please choose a month as YYYY-MM',
  invalidDay: 'Please choose a date as YYYY-MM-DD',
  unknownSkill: 'Choose one of the skills in your profile',
  settingsSaved: 'Routine settings saved',
  contentSaved: 'Daily content saved',
  calendarLoadFailed: 'Failed to load your calendar',
} as const
