import { useId, useState } from 'react'
import { progressMessages } from '#shared/courses/messages.ts'
import type { LessonView, QuizAttemptAnswer, QuizSummary } from '#shared/courses/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useQuizAttempt } from '#web/features/courses/api/courses.ts'
import { LessonCompleted } from '#web/features/courses/components/lesson-status.tsx'
import { cn } from '#web/lib/cn.ts'

/**
 * A quiz lesson (issue 15): each question with its choices, one answer each; the
 * server marks the attempt (it alone knows the right answers) and completes the
 * lesson when the score reaches the pass mark. Attempts are allowed again.
 */
export function QuizLesson({ lesson, quiz }: { lesson: LessonView; quiz: QuizSummary }) {
  const formId = useId()
  const attempt = useQuizAttempt()
  const [answers, setAnswers] = useState<Record<string, number>>({})
  const [result, setResult] = useState<QuizAttemptAnswer | null>(null)
  const [missing, setMissing] = useState(false)

  const submit = () => {
    if (quiz.questions.some((question) => answers[question.id] === undefined)) {
      setMissing(true)
      return
    }
    setMissing(false)
    attempt.mutate({ lessonId: lesson.id, input: { answers } }, { onSuccess: setResult })
  }

  const again = () => {
    setAnswers({})
    setResult(null)
    attempt.reset()
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
        <span>Pass mark: {quiz.passMark}%</span>
        <span>
          {quiz.attempts === 0 ? 'No attempts yet' : `${quiz.attempts} ${quiz.attempts === 1 ? 'attempt' : 'attempts'}`}
        </span>
        {quiz.bestScore !== null ? <span>Best score: {quiz.bestScore}%</span> : null}
      </div>
      {lesson.progress.completed ? <LessonCompleted completedAt={lesson.progress.completedAt} /> : null}

      <form
        aria-label={`Quiz: ${lesson.title}`}
        className="grid gap-5"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <ol className="grid gap-5">
          {quiz.questions.map((question, index) => {
            const unanswered = missing && answers[question.id] === undefined
            return (
              <li key={question.id}>
                <fieldset
                  aria-describedby={unanswered ? `${formId}-${question.id}-missing` : undefined}
                  className={cn('grid gap-2 rounded-lg border border-border p-4', unanswered && 'border-destructive')}
                >
                  <legend className="px-1 font-medium">
                    {index + 1}. {question.prompt}
                  </legend>
                  {question.choices.map((choice, choiceIndex) => {
                    const id = `${formId}-${question.id}-${choiceIndex}`
                    return (
                      <div key={choiceIndex} className="flex items-center gap-2">
                        <input
                          id={id}
                          type="radio"
                          name={`${formId}-${question.id}`}
                          value={choiceIndex}
                          checked={answers[question.id] === choiceIndex}
                          disabled={result !== null || attempt.isPending}
                          onChange={() => setAnswers((previous) => ({ ...previous, [question.id]: choiceIndex }))}
                          className="size-4 shrink-0 accent-[var(--primary)]"
                        />
                        <label htmlFor={id} className="text-sm">
                          {choice}
                        </label>
                      </div>
                    )
                  })}
                  {unanswered ? (
                    <p id={`${formId}-${question.id}-missing`} className="text-sm text-destructive">
                      {progressMessages.answerEveryQuestion}
                    </p>
                  ) : null}
                </fieldset>
              </li>
            )
          })}
        </ol>
        {missing ? (
          <p role="alert" className="text-sm text-destructive">
            {progressMessages.answerEveryQuestion}
          </p>
        ) : null}
        {result === null ? (
          <Button type="submit" className="w-fit" disabled={attempt.isPending}>
            {attempt.isPending ? 'Checking...' : 'Submit answers'}
          </Button>
        ) : null}
      </form>

      <div role="status" className="empty:hidden">
        {result ? (
          <div
            data-testid="quiz-result"
            className={cn(
              'grid gap-3 rounded-lg border p-4',
              result.passed ? 'border-accent/60 bg-primary/10' : 'border-destructive/60',
            )}
          >
            <p className="text-lg font-semibold">
              {result.passed ? progressMessages.quizPassed : progressMessages.quizFailed}
            </p>
            <p className="text-sm">
              You scored {result.score}% ({result.correctCount} of {result.questionCount} right). The pass mark is{' '}
              {result.passMark}%.
            </p>
            <Button variant="outline" className="w-fit" onClick={again}>
              Try again
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  )
}
