import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Pencil, TrendingUp } from 'lucide-react'
import { toast } from 'sonner'
import { communityMessages, trendListLabels, type JobTrends } from '#shared/community/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { trendsQuery, useSaveTrends } from '#web/features/community/api/community.ts'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'

const lists = Object.keys(trendListLabels) as Array<keyof JobTrends>

/** spec 000 §2 /community: the job-market trends panel; admins switch it to edit mode (spec 000 §4). */
export function TrendsPanel({ canEdit }: { canEdit: boolean }) {
  const { data: trends } = useQuery(trendsQuery())
  const [draft, setDraft] = useState<Record<keyof JobTrends, string> | null>(null)
  const save = useSaveTrends()

  const startEditing = (current: JobTrends) =>
    setDraft(
      Object.fromEntries(lists.map((list) => [list, current[list].join('\n')])) as Record<keyof JobTrends, string>,
    )

  const submit = () => {
    if (!draft) return
    // spec 000 §5: one item per line, empty lines dropped (the server drops them too)
    const next = Object.fromEntries(
      lists.map((list) => [
        list,
        draft[list]
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      ]),
    ) as JobTrends
    save.mutate(next, {
      onSuccess: () => {
        toast.success(communityMessages.trendsSaved)
        setDraft(null)
      },
      // the failure shows once, in the form's alert below (lib/form-errors.ts)
    })
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <TrendingUp aria-hidden="true" className="size-4 text-accent" />
          Job market trends
        </CardTitle>
        {canEdit && trends && !draft ? (
          <Button variant="ghost" size="sm" onClick={() => startEditing(trends)}>
            <Pencil aria-hidden="true" className="size-3.5" />
            Edit trends
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {draft ? (
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              submit()
            }}
          >
            {lists.map((list) => (
              <div key={list} className="grid gap-1.5">
                <Label htmlFor={`trends-${list}`}>{trendListLabels[list]} (one per line)</Label>
                <textarea
                  id={`trends-${list}`}
                  rows={4}
                  className={cn(controlClasses, 'py-2')}
                  value={draft[list]}
                  onChange={(event) => setDraft({ ...draft, [list]: event.target.value })}
                />
              </div>
            ))}
            <FieldError>{save.isError ? messageOf(save.error, communityMessages.trendsFailed) : null}</FieldError>
            <div className="flex justify-end gap-2">
              <Button variant="ghost" size="sm" onClick={() => setDraft(null)}>
                Cancel
              </Button>
              <Button type="submit" size="sm" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save trends'}
              </Button>
            </div>
          </form>
        ) : trends ? (
          lists.map((list) => (
            <section key={list} aria-label={trendListLabels[list]} className="grid gap-2">
              <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {trendListLabels[list]}
              </h3>
              {trends[list].length ? (
                <ul className="flex flex-wrap gap-1.5">
                  {trends[list].map((item) => (
                    <li key={item} className="rounded-full border border-border px-2.5 py-0.5 text-xs">
                      {item}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-xs text-muted-foreground">Nothing listed.</p>
              )}
            </section>
          ))
        ) : (
          <div aria-hidden="true" className="h-32 animate-pulse rounded-lg bg-muted" />
        )}
      </CardContent>
    </Card>
  )
}
