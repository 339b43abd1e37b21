import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { formatPrice, UpdatePlanInput, type AdminPlan } from '#shared/billing/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { adminPlansQuery, useUpdatePlan } from '#web/features/billing/api/billing.ts'

/** /admin/plans: names, prices, features, Stripe price ids and activity of the plans (spec 001 §3 Plan). */
export function AdminPlansPage() {
  const plans = useQuery(adminPlansQuery())
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Plans</h1>
      {plans.data?.plans.map((plan) => <PlanForm key={plan.id} plan={plan} />)}
    </div>
  )
}

// The shared schema, with the two fields the form shows differently: the price typed
// as text, the features as one per line.
const PlanFormInput = UpdatePlanInput.extend({
  priceCents: z.coerce.number().pipe(UpdatePlanInput.shape.priceCents),
  features: z
    .string()
    .transform((text) => text.split('\n').map((line) => line.trim()).filter(Boolean))
    .pipe(UpdatePlanInput.shape.features),
})

function PlanForm({ plan }: { plan: AdminPlan }) {
  const update = useUpdatePlan()
  const form = useForm<z.input<typeof PlanFormInput>, unknown, z.output<typeof PlanFormInput>>({
    resolver: zodResolver(PlanFormInput),
    defaultValues: { ...plan, stripePriceId: plan.stripePriceId ?? '', features: plan.features.join('\n') },
  })
  const { errors } = form.formState
  const id = (field: string) => `plan-${plan.id}-${field}`

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {plan.name} <span className="text-sm font-normal text-muted-foreground">({formatPrice(plan.priceCents)} per {plan.interval})</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={form.handleSubmit((values) => update.mutate({ id: plan.id, values: { ...values, stripePriceId: values.stripePriceId ?? '' } }))}
        >
          <TextField id={id('name')} label="Name" error={errors.name?.message} {...form.register('name')} />
          <TextField id={id('description')} label="Description" error={errors.description?.message} {...form.register('description')} />
          <TextField id={id('price')} label="Price in cents" type="number" min={0} error={errors.priceCents?.message} {...form.register('priceCents')} />
          <div className="grid gap-1.5">
            <Label htmlFor={id('features')}>Features (one per line)</Label>
            <textarea id={id('features')} rows={5} className={controlClasses} {...form.register('features')} />
            <FieldError>{errors.features?.message}</FieldError>
          </div>
          <TextField id={id('stripe')} label="Stripe price id" error={errors.stripePriceId?.message} {...form.register('stripePriceId')} />
          <Checkbox id={id('active')} label="Active" {...form.register('isActive')} />
          <Button type="submit" className="w-fit" disabled={update.isPending}>
            Save
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
