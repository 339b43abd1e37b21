import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { zodResolver } from '@hookform/resolvers/zod'
import { ListChecks, Trash2 } from 'lucide-react'
import { maxTasksPerDay, routineTextMaxLength } from '#shared/goals/constants.ts'
import { routineMessages } from '#shared/goals/messages.ts'
import { TaskInput, type TaskView } from '#shared/goals/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { IconActionButton } from '#web/components/ui/icon-action-button.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { useAddTask, useDeleteTask, useSetTaskDone } from '#web/features/goals/api/routine.ts'
import { RoutinePanel } from '#web/features/goals/components/routine-panel.tsx'
import { InstantCheckbox } from '#web/features/goals/components/instant-checkbox.tsx'

type TaskForm = z.input<typeof TaskInput>

/** spec 001 §3 priorityTasks: what the member must get done today. */
export function PriorityTasksPanel({ tasks }: { tasks: TaskView[] }) {
  const setDone = useSetTaskDone()
  const remove = useDeleteTask()
  return (
    <RoutinePanel title="Priority Tasks" icon={ListChecks} testId="priority-tasks">
      {tasks.length === 0 ? (
        <p className="text-sm text-muted-foreground">No priority tasks yet. What matters most today?</p>
      ) : (
        <ul className="grid gap-2" aria-label="Today's priority tasks">
          {tasks.map((task) => (
            <li
              key={task.id}
              className="flex items-center justify-between gap-2 rounded-lg border border-border px-3 py-1.5"
            >
              <InstantCheckbox
                label={task.title}
                checked={task.completed}
                className="min-w-0 [&_label]:break-words"
                onCheckedChange={(completed) => setDone.mutate({ taskId: task.id, completed })}
              />
              <IconActionButton
                label={`Delete ${task.title}`}
                hint="Delete"
                icon={Trash2}
                destructive
                onClick={() => remove.mutate(task.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {tasks.length >= maxTasksPerDay ? (
        <p className="text-sm text-muted-foreground">{routineMessages.tooManyTasks}</p>
      ) : (
        <AddTaskForm />
      )}
    </RoutinePanel>
  )
}

function AddTaskForm() {
  const add = useAddTask()
  const [failure, setFailure] = useState<string>()
  const form = useForm<TaskForm, unknown, z.output<typeof TaskInput>>({
    resolver: zodResolver(TaskInput),
    defaultValues: { title: '' },
  })
  const onSubmit = form.handleSubmit(({ title }) => {
    setFailure(undefined)
    add.mutate(title, {
      onSuccess: () => form.reset({ title: '' }),
      onError: (error) => setFailure(formFailure(form, error, { fallback: routineMessages.saveFailed })),
    })
  })
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Add a priority task" className="grid gap-2">
      <div className="flex items-end gap-2">
        <TextField
          label="New task"
          className="flex-1"
          maxLength={routineTextMaxLength}
          required
          error={form.formState.errors.title?.message}
          {...form.register('title')}
        />
        <Button type="submit" size="md" disabled={add.isPending} className="self-start mt-6.5">
          Add task
        </Button>
      </div>
      <FieldError>{failure}</FieldError>
    </form>
  )
}
