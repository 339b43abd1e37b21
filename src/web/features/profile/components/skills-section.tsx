import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import {
  proficiencyBarPercent,
  proficiencyLabels,
  proficiencyLevels,
  skillCategories,
  skillMessages,
  type ProficiencyLevel,
  type SkillCategory,
  type SkillView,
} from '#shared/profile/skills.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { skillsQuery, useDeleteSkill, useSaveSkills, useUpdateSkill } from '#web/features/profile/api/profile.ts'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'

const categories = Object.keys(skillCategories) as SkillCategory[]

function LevelSelect({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string
  value: ProficiencyLevel
  onChange: (level: ProficiencyLevel) => void
  disabled?: boolean
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as ProficiencyLevel)}
      className={cn(controlClasses, 'h-8 w-36 text-xs')}
    >
      {proficiencyLevels.map((level) => (
        <option key={level} value={level}>
          {proficiencyLabels[level]}
        </option>
      ))}
    </select>
  )
}

/** spec 001 §9: the proficiency bar (beginner 25% … expert 100%). */
function LevelBar({ name, level }: { name: string; level: ProficiencyLevel }) {
  const percent = proficiencyBarPercent[level]
  return (
    <div
      role="meter"
      aria-label={`${name} proficiency`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={proficiencyLabels[level]}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  )
}

function failureMessage(error: unknown, fallback: string) {
  return messageOf(error, fallback, skillMessages.notAuthenticated)
}

function SkillRow({ skill }: { skill: SkillView }) {
  const update = useUpdateSkill()
  const remove = useDeleteSkill()
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{skill.name}</span>
        <div className="flex items-center gap-2">
          <LevelSelect
            label={`Level for ${skill.name}`}
            value={skill.level}
            disabled={update.isPending}
            onChange={(level) =>
              update.mutate(
                { name: skill.name, level },
                {
                  onSuccess: ({ message }) => toast.success(message),
                  onError: (error) => toast.error(failureMessage(error, skillMessages.skillsFailed)),
                },
              )
            }
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${skill.name}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(skill.name, {
                onSuccess: ({ message }) => toast.success(message),
                onError: (error) => toast.error(failureMessage(error, skillMessages.skillsFailed)),
              })
            }
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <LevelBar name={skill.name} level={skill.level} />
    </li>
  )
}

/** Pick skills by category, each with a level; saved together (spec 001 §3 Skill assessment). */
function SkillPicker({ owned }: { owned: Set<string> }) {
  const [picked, setPicked] = useState<Record<string, ProficiencyLevel>>({})
  const [error, setError] = useState<string>()
  const save = useSaveSkills()

  const toggle = (name: string, on: boolean) =>
    setPicked((current) => {
      const next = { ...current }
      if (on) next[name] = 'intermediate'
      else delete next[name]
      return next
    })

  const submit = () => {
    const skills = Object.entries(picked).map(([name, level]) => ({ name, level }))
    if (skills.length === 0) return setError(skillMessages.noneSelected)
    setError(undefined)
    save.mutate(
      { skills },
      {
        onSuccess: ({ message }) => {
          toast.success(message)
          setPicked({})
        },
        // the form's one alert, never also a toast (lib/form-errors.ts)
        onError: (failure) => setError(failureMessage(failure, skillMessages.skillsFailed)),
      },
    )
  }

  return (
    <form
      noValidate
      aria-label="Add skills"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <div className="grid gap-4 md:grid-cols-3">
        {categories.map((category) => (
          <fieldset key={category} className="grid content-start gap-2">
            <legend className="mb-1 text-sm font-semibold">{category}</legend>
            {skillCategories[category].map((name) => (
              <div key={name} className="flex flex-wrap items-center justify-between gap-2">
                <Checkbox
                  label={name}
                  checked={owned.has(name) || name in picked}
                  disabled={owned.has(name)}
                  onChange={(event) => toggle(name, event.target.checked)}
                />
                {picked[name] ? (
                  <LevelSelect
                    label={`Level for new skill ${name}`}
                    value={picked[name]}
                    onChange={(level) => setPicked((current) => ({ ...current, [name]: level }))}
                  />
                ) : null}
              </div>
            ))}
          </fieldset>
        ))}
      </div>
      <FieldError>{error}</FieldError>
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save skills
        </Button>
      </div>
    </form>
  )
}

export function SkillsSection() {
  const { data, isPending, isError, error } = useQuery(skillsQuery())
  const skills = data?.skills ?? []
  return (
    <section id="skills" aria-labelledby="skills-heading" className="scroll-mt-24">
      <Card>
        <CardHeader>
          <CardTitle id="skills-heading" className="text-xl">
            Skills
          </CardTitle>
          <CardDescription>Rate your skills; the job board matches roles against them.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {isPending ? <p className="text-sm text-muted-foreground">Loading your skills…</p> : null}
          {isError ? (
            <p role="alert" className="text-sm text-destructive">
              {messageOf(error)}
            </p>
          ) : null}
          {data ? (
            <>
              {skills.length > 0 ? (
                <ul aria-label="Your skills" className="grid gap-3 sm:grid-cols-2">
                  {skills.map((skill) => (
                    <SkillRow key={skill.name} skill={skill} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">No skills yet. Choose some below.</p>
              )}
              <SkillPicker owned={new Set(skills.map((skill) => skill.name))} />
            </>
          ) : null}
        </CardContent>
      </Card>
    </section>
  )
}
