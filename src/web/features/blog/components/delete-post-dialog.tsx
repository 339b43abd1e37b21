import { adminBlogMessages } from '#shared/blog/messages.ts'
import type { AdminBlogPostView } from '#shared/blog/schemas.ts'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { useDeleteBlogPost } from '#web/features/blog/api/admin-blog.ts'

/** spec 002 §2, §8: deleting a post asks first; how it went is a toast, and a failure reloads the list. */
export function DeletePostDialog({ post, onClose }: { post: AdminBlogPostView | null; onClose: () => void }) {
  const remove = useDeleteBlogPost()
  return (
    <ConfirmDialog
      open={post !== null}
      onClose={onClose}
      title="Delete post"
      description={adminBlogMessages.deleteConfirm}
      confirm={{
        label: remove.isPending ? 'Deleting…' : 'Delete',
        disabled: remove.isPending,
        onConfirm: () => {
          if (post) remove.mutate(post.id, { onSettled: onClose })
        },
      }}
    >
      {post ? <p className="text-sm font-medium">{post.title}</p> : null}
    </ConfirmDialog>
  )
}
