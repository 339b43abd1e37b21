// The blog's user-facing words: spec 001 §2 and §8 Blog (member side), spec 002 §2
// and §8 Blog (admin side), and the words issue 18 adds (the newsletter feed's
// address and state), worded like the spec's own.

export const blogMessages = {
  // spec 001 §8
  loadFailed: 'Failed to load blog posts',
  emptyTitle: 'No Posts Yet',
  emptyBody: 'Check back soon for new content!',
  dashboardEmpty: 'No blog posts found',
  // the post page and the API's 404
  notFoundTitle: 'Post Not Found',
  notFound: 'Blog post not found',
  loadMore: 'Load more posts',
} as const

export const adminBlogMessages = {
  // spec 002 §8
  created: 'Blog post created successfully',
  updated: 'Blog post updated successfully',
  deleted: 'Blog post deleted successfully',
  saveFailed: 'Failed to save blog post',
  loadFailed: 'Failed to load blog posts',
  draftSaved: 'Draft saved',
  deleteConfirm: 'Are you sure you want to delete this post?',
  empty: 'No blog posts found...',
  // issue 18: the form's fields, checked by the form and the server alike
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be 200 characters or fewer',
  contentRequired: 'Content is required',
  contentTooLong: 'Content must be 100,000 characters or fewer',
  excerptTooLong: 'Excerpt must be 500 characters or fewer',
  categoryRequired: 'Please choose a category',
  statusInvalid: 'Status must be draft or published',
  deleteFailed: 'Failed to delete blog post',
  // autosave keeps drafts only: a published post changes for members when the admin presses Update
  autosaveDraftsOnly: 'Only drafts are saved automatically; press Update to change a published post',
  draftSaveFailed: 'Draft not saved',
  // spec 002 §5 Image upload and §8 Upload
  invalidImage: 'Please choose an image file',
  imageTooLarge: 'Image must be smaller than 5MB',
  imageNotFound: 'The uploaded image was not found; please upload it again',
  uploadFailed: 'Failed to upload file',
  // issue 18: the newsletter feed
  feedUrlInvalid: 'Please enter a valid feed address starting with http:// or https://',
  feedSaved: 'Newsletter feed saved',
  feedSaveFailed: 'Failed to save the newsletter feed',
  feedRefreshQueued: 'The newsletter feed is being refreshed',
  noFeed: 'No newsletter feed is set',
} as const
