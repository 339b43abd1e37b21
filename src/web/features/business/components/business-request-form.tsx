import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { ChevronDown } from 'lucide-react'
import { zodResolver } from '@hookform/resolvers/zod'
import { businessMessages } from '#shared/business/messages.ts'
import {
  businessIndustries,
  businessLimits,
  BusinessRequestInput,
  businessSkillLabels,
  businessSkills,
  industryLabels,
} from '#shared/business/schemas.ts'
import { honeypotField } from '#shared/constants.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { FieldError, TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { useSubmitBusinessRequest } from '#web/features/business/api/business.ts'
import { HoneypotField } from '#web/components/honeypot-field.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { cn } from '#web/lib/cn.ts'

const emptyForm: BusinessRequestInput = {
  businessName: '',
  industry: '' as BusinessRequestInput['industry'],
  requiredSkills: [],
  supportNeeded: '',
  email: '',
  phone: '',
  [honeypotField]: '',
}

/** spec 002 §1, §3: the business request form; the server checks the same shared schema (issue 6). */
export function BusinessRequestForm() {
  const submitRequest = useSubmitBusinessRequest()
  const [sent, setSent] = useState(false)
  const [failure, setFailure] = useState<string>()
  const form = useForm<BusinessRequestInput, unknown, z.output<typeof BusinessRequestInput>>({
    resolver: zodResolver(BusinessRequestInput),
    defaultValues: emptyForm,
  })
  const { errors } = form.formState
  const skillsError = errors.requiredSkills?.message ?? errors.requiredSkills?.[0]?.message

  const onSubmit = form.handleSubmit(() => {
    setFailure(undefined)
    submitRequest.mutate(form.getValues(), {
      onSuccess: () => {
        setSent(true)
        form.reset(emptyForm)
      },
      onError: (error) => setFailure(formFailure(form, error, { fallback: businessMessages.failed })),
    })
  })

  if (sent) {
    return (
      <div className="grid gap-4">
        <p role="status" className="flex items-start gap-2 text-lg font-medium">
          <span aria-hidden="true" className="text-accent">
            ✓
          </span>
          {businessMessages.sent}
        </p>
        <Button variant="secondary" className="w-fit" onClick={() => setSent(false)}>
          Send another request
        </Button>
      </div>
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="relative grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Business name"
          autoComplete="organization"
          maxLength={businessLimits.businessName}
          required
          error={errors.businessName?.message}
          {...form.register('businessName')}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="business-industry">Industry</Label>
          <div className="relative">
            <select
              id="business-industry"
              required
              aria-invalid={errors.industry ? true : undefined}
              aria-describedby={errors.industry ? 'business-industry-error' : undefined}
              className={cn(controlClasses, 'h-10 appearance-none pr-9')}
              {...form.register('industry')}
            >
              <option value="">Choose an industry</option>
              {businessIndustries.map((industry) => (
                <option key={industry} value={industry}>
                  {industryLabels[industry]}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
          </div>
          <FieldError id="business-industry-error">{errors.industry?.message}</FieldError>
        </div>
      </div>
      <fieldset className="grid gap-2" aria-describedby={skillsError ? 'business-skills-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-foreground">Required skills (choose at least one)</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {businessSkills.map((skill) => (
            <Checkbox
              key={skill}
              id={`business-skill-${skill}`}
              label={businessSkillLabels[skill]}
              value={skill}
              {...form.register('requiredSkills')}
            />
          ))}
        </div>
        <FieldError id="business-skills-error">{skillsError}</FieldError>
      </fieldset>
      <TextAreaField
        label="Type of support needed"
        rows={4}
        maxLength={businessLimits.supportNeeded}
        required
        error={errors.supportNeeded?.message}
        {...form.register('supportNeeded')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Business e-mail"
          type="email"
          autoComplete="email"
          maxLength={businessLimits.email}
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          maxLength={20}
          required
          error={errors.phone?.message}
          {...form.register('phone')}
        />
      </div>
      <HoneypotField {...form.register(honeypotField)} />
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <Button type="submit" className="w-fit" disabled={submitRequest.isPending}>
        {submitRequest.isPending ? 'Sending…' : 'Send request'}
      </Button>
    </form>
  )
}
