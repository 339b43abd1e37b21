import { useState } from 'react'
import { adminUserMessages } from '#shared/admin/users.ts'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { messageOf } from '#web/lib/api.ts'
import { useDeleteUser } from '#web/features/admin/users/api/users.ts'

/** spec 002 §6: the delete asks first; a refusal (the last admin, oneself) stays in the dialog. */
export function DeleteUserDialog({
  user,
  onClose,
  onDeleted,
}: {
  user: { id: string; name: string; email: string } | null
  onClose: () => void
  onDeleted?: () => void
}) {
  const remove = useDeleteUser()
  const [failure, setFailure] = useState<string>()
  const close = () => {
    setFailure(undefined)
    onClose()
  }
  return (
    <ConfirmDialog
      open={user !== null}
      onClose={close}
      title="Delete user"
      description={adminUserMessages.deleteConfirm}
      failure={failure}
      confirm={{
        label: remove.isPending ? 'Deleting…' : 'Delete',
        disabled: remove.isPending,
        onConfirm: () => {
          if (!user) return
          setFailure(undefined)
          remove.mutate(user.id, {
            onSuccess: () => {
              close()
              onDeleted?.()
            },
            onError: (error) => setFailure(messageOf(error, adminUserMessages.deleteFailed)),
          })
        },
      }}
    >
      {user ? (
        <p className="text-sm">
          <span className="font-medium">{user.name}</span> <span className="text-muted-foreground">({user.email})</span>
          : their files and data, their community posts and comments, applications and resume reviews are removed; a
          paid subscription is cancelled first.
        </p>
      ) : null}
    </ConfirmDialog>
  )
}
