// The courses area's user-facing words: spec 001 §2 and §8 (member side), spec
// 002 §2, §5 and §8 (admin side), and the issue 15 progress and quiz words the
// spec does not give (worded like its own).

export const courseMessages = {
  // lists (spec 001 §2, §8)
  loadFailed: 'Failed to load courses',
  categoriesLoadFailed: 'Failed to load categories',
  noResults: 'No courses found matching your criteria',
  noneAvailable: 'No courses available at the moment',
  notFound: 'Course not found',
  loadCourseFailed: 'Failed to load course',
  invalidLevel: 'Please choose a level',
  invalidDuration: 'Please choose a duration',
  invalidCategory: 'Please choose a category',
  // enrol (issue 15: 'Enrol' opens the provider's page)
  noAffiliateLink: 'This course has no enrolment link yet',
  // saved items (spec 001 §8)
  savedLoadFailed: 'Failed to load saved items',
  saved: 'Course saved successfully',
  saveFailed: 'Failed to save course',
  unsaved: 'Course removed from saved items',
  unsaveFailed: 'Failed to remove course',
  noSavedCourses: 'No saved courses yet. Start saving courses you want to learn!',
  // admin course form (spec 002 §5, §8); the service joins the required-field messages by commas
  titleRequired: 'Course title is required',
  descriptionRequired: 'Course description is required',
  imageRequired: 'Course image is required',
  durationRequired: 'Course duration is required',
  providerRequired: 'Course provider is required',
  categoryRequired: 'Course category is required',
  salaryRangeRequired: 'Salary range is required',
  invalidAffiliateUrl: 'The affiliate link must be blank or start with http:// or https://',
  invalidPrice: 'Please enter a price of 0 or more',
  invalidSalePrice: 'The sale price must be lower than the price',
  saleEndWithoutPrice: 'Please enter a sale price for the sale to end',
  tooManySkills: 'At most 30 skills per course.',
  created: 'Course created successfully',
  updated: 'Course updated successfully',
  deleted: 'Course deleted successfully',
  restored: 'Courses restored',
  createFailed: 'Failed to create course',
  updateFailed: 'Failed to update course',
  deleteFailed: 'Failed to delete course',
  authRequired: 'Authentication required',
  connectionError: 'Connection error. Using offline data.',
  adminEmpty: 'No Courses Found',
  confirmDelete: 'Are you sure you want to delete this course?',
  confirmDeleteAll: 'Delete all courses? This cannot be undone.',
  // admin: soft delete, restore, Delete All and its undo (issue 15: undoable from 'Deleted courses')
  confirmDeleteAllCount: (count: number) =>
    `Delete all ${count} ${count === 1 ? 'course' : 'courses'}? You can restore them from 'Deleted courses'.`,
  deletedAll: (count: number) => `${count} ${count === 1 ? 'course' : 'courses'} deleted`,
  notDeleted: 'This course is not deleted',
  nothingToRestore: 'No deleted courses match what you asked to restore',
  deletedCourseReadOnly: 'Restore this course before changing it',
  // image upload (spec 002 §5)
  imageNotImage: 'Please upload an image file',
  imageTooLarge: 'Image must be less than 5MB',
  imagePreviewFailed: 'Failed to load image',
  uploadFailed: 'Failed to upload file',
} as const

export const categoryMessages = {
  loadFailed: 'Failed to load categories',
  saveFailed: 'Failed to save category',
  deleteFailed: 'Failed to delete category',
  created: 'Category created successfully',
  updated: 'Category updated successfully',
  deleted: 'Category deleted successfully',
  // spec 002 §5: name and description are required (the spec gives no words)
  nameRequired: 'Category name is required',
  descriptionRequired: 'Category description is required',
  nameTaken: 'A category with this name already exists',
  // issue 15: a category in use is never deleted (its courses would silently lose it)
  inUse: 'This category is still used by courses (deleted ones included); move them to another category first',
  notFound: 'Category not found',
  confirmDelete: 'Are you sure you want to delete this category?',
} as const

export const moduleMessages = {
  // spec 002 §8 Modules and lessons
  modulesUpdated: 'Course modules updated successfully',
  modulesUpdateFailed: 'Failed to update modules',
  changesSaved: 'Changes saved successfully',
  saveFailed: 'Failed to save changes',
  addModuleFailed: 'Failed to add module',
  addLessonFailed: 'Failed to add lesson',
  loadCourseFailed: 'Failed to load course',
  empty: 'No modules available',
  // spec 002 §5 Module form and Lesson form
  moduleTitleRequired: 'Module title is required',
  moduleDurationRequired: 'Module duration is required',
  invalidPosition: 'Order must be a whole number of at least 1',
  lessonTitleRequired: 'Lesson title is required',
  lessonDurationRequired: 'Lesson duration is required',
  readingContentRequired: 'Reading lessons need content',
  invalidLessonType: 'Please choose a lesson type',
  invalidStatus: 'Please choose draft or published',
  invalidPassMark: 'The pass mark is a percentage from 0 to 100',
  quizNeedsQuestions: 'A quiz needs at least one question',
  questionPromptRequired: 'Each question needs its text',
  choicesRequired: 'Each question needs at least 2 choices',
  choiceRequired: 'Choices cannot be blank',
  tooManyChoices: 'At most 10 choices per question',
  correctChoiceInvalid: 'Please mark the right choice',
  unknownModule: 'This module is no longer part of the course',
  unknownLesson: 'This lesson is no longer part of the course',
  staleVersion: 'Someone else changed this course meanwhile; reload it to see their changes',
  videoNotVideo: 'Please upload a video file',
  videoTooLarge: 'Video must be less than 500MB',
  videoOnlyForVideoLessons: 'Only video lessons take a video',
  tooManyModules: 'At most 100 modules per course',
  tooManyLessons: 'At most 100 lessons per module',
  moduleDeleted: 'Module deleted',
  lessonDeleted: 'Lesson deleted',
} as const

export const progressMessages = {
  lessonNotFound: 'Lesson not found',
  videoNotFound: 'This lesson has no video',
  // issue 15: how each lesson type completes
  videoNeedsWatching: 'This video completes once 90% of it has been watched',
  quizNeedsPassing: 'This lesson completes when its quiz is passed',
  notAQuiz: 'This lesson has no quiz',
  answerEveryQuestion: 'Please answer every question',
  unknownQuestion: 'This quiz has changed; reload the lesson and try again',
  invalidChoice: 'Please choose one of the answers',
  invalidFraction: 'The watched share is a number from 0 to 1',
  nothingToRecord: 'Please send the watched share or mark the lesson complete',
  lessonCompleted: 'Lesson completed',
  progressFailed: 'Failed to update progress',
  quizPassed: 'Quiz passed',
  quizFailed: 'Not passed yet: try again',
  courseCompleted: 'Course completed',
} as const
