import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import {
  billingMessages,
  formatPrice,
  paymentMessages,
  UpdatePlanInput,
  type AdminPlan,
} from '#shared/billing/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { messageOf } from '#web/lib/api.ts'
import { firstErrorMessage, formFailure } from '#web/lib/form-errors.ts'
import { onePerLine } from '#web/lib/one-per-line.ts'
import {
  adminPlansQuery,
  formatBillingDate,
  severalSubscriptionsQuery,
  useUpdatePlan,
} from '#web/features/billing/api/billing.ts'
import { PageTitle } from '#web/components/page-title.tsx'

/** /admin/plans: names, prices, features, Stripe price ids and activity of the plans (spec 001 §3 Plan). */
export function AdminPlansPage() {
  const plans = useQuery(adminPlansQuery())
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <PageTitle>Plans</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">Plans</h1>
        <p className="text-sm text-muted-foreground">
          What members see on the plans page and pay at checkout. Inactive plans are hidden from members.
        </p>
      </div>
      {plans.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading plans…
        </p>
      ) : null}
      {plans.isError ? <p role="alert">{messageOf(plans.error, paymentMessages.DEFAULT)}</p> : null}
      {plans.data?.plans.map((plan) => (
        <PlanForm key={plan.id} plan={plan} />
      ))}
      <SeveralSubscriptions />
    </div>
  )
}

/**
 * One membership per member, yet Stripe may still complete two checkouts (opened
 * side by side): both subscriptions bill, so the admins see them here and cancel one.
 */
function SeveralSubscriptions() {
  const report = useQuery(severalSubscriptionsQuery())
  const members = report.data?.members
  return (
    <section aria-labelledby="several-subscriptions-title" className="grid gap-2">
      <h2 id="several-subscriptions-title" className="text-lg font-semibold tracking-tight">
        Members with more than one active subscription
      </h2>
      <p className="text-sm text-muted-foreground">
        Stripe bills each of these subscriptions. Cancel the extra one in Stripe; the member then leaves this list.
      </p>
      {report.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading…
        </p>
      ) : null}
      {report.isError ? <p role="alert">{messageOf(report.error, paymentMessages.DEFAULT)}</p> : null}
      {members?.length === 0 ? <p className="text-sm">No member has more than one active subscription.</p> : null}
      {members?.length ? (
        <ul className="grid gap-3 text-sm">
          {members.map((member) => (
            <li key={member.userId}>
              <span className="font-medium">{member.name}</span> ({member.email})
              <ul className="ml-5 list-disc">
                {member.subscriptions.map((subscription) => (
                  <li key={subscription.stripeSubscriptionId ?? subscription.startedAt}>
                    {subscription.planName}, {subscription.status}
                    {subscription.currentPeriodEnd ? `, until ${formatBillingDate(subscription.currentPeriodEnd)}` : ''}
                    {subscription.stripeSubscriptionId ? (
                      <span className="font-mono text-muted-foreground"> {subscription.stripeSubscriptionId}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

// The shared schema (the server parses the same), with the features typed one per line.
const PlanFormInput = UpdatePlanInput.extend({
  features: onePerLine(UpdatePlanInput.shape.features),
})
type PlanFormValues = z.input<typeof PlanFormInput>

function PlanForm({ plan }: { plan: AdminPlan }) {
  const update = useUpdatePlan()
  const [failure, setFailure] = useState<string>()
  const form = useForm<PlanFormValues, unknown, z.output<typeof PlanFormInput>>({
    resolver: zodResolver(PlanFormInput),
    defaultValues: {
      name: plan.name,
      description: plan.description,
      priceCents: plan.priceCents,
      features: plan.features.join('\n'),
      stripePriceId: plan.stripePriceId ?? '',
      isActive: plan.isActive,
    },
  })
  const { errors } = form.formState
  const featuresError = firstErrorMessage(errors.features)
  const id = (field: string) => `plan-${plan.id}-${field}`

  const onSubmit = form.handleSubmit((values) => {
    setFailure(undefined)
    update.mutate(
      // the shared schema turns an empty price id into null; the request carries it as typed
      { id: plan.id, values: { ...values, stripePriceId: values.stripePriceId ?? '' } },
      // the server's field messages under their fields, anything else once above the button
      { onError: (error) => setFailure(formFailure(form, error, { fallback: billingMessages.planSaveFailed })) },
    )
  })

  return (
    <Card role="region" aria-labelledby={id('title')}>
      <CardHeader>
        <CardTitle id={id('title')}>
          {plan.name}{' '}
          <span className="text-sm font-normal text-muted-foreground">
            ({formatPrice(plan.priceCents)} per {plan.interval}
            {plan.isActive ? '' : ', inactive'})
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={onSubmit}>
          <TextField id={id('name')} label="Name" error={errors.name?.message} {...form.register('name')} />
          <TextField
            id={id('description')}
            label="Description"
            error={errors.description?.message}
            {...form.register('description')}
          />
          <TextField
            id={id('price')}
            label="Price in cents"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint={`${formatPrice(form.watch('priceCents') || 0)} per ${plan.interval}`}
            error={errors.priceCents?.message}
            {...form.register('priceCents', { valueAsNumber: true })}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={id('features')}>Features (one per line)</Label>
            <textarea
              id={id('features')}
              rows={5}
              className={`${controlClasses} py-2`}
              aria-invalid={featuresError ? true : undefined}
              aria-describedby={featuresError ? id('features-error') : undefined}
              {...form.register('features')}
            />
            <FieldError id={id('features-error')}>{featuresError}</FieldError>
          </div>
          <TextField
            id={id('stripe')}
            label="Stripe price id"
            placeholder="price_…"
            error={errors.stripePriceId?.message}
            {...form.register('stripePriceId')}
          />
          <Checkbox id={id('active')} label="Active" {...form.register('isActive')} />
          <FieldError>{failure}</FieldError>
          <Button type="submit" className="w-fit" disabled={update.isPending}>
            Save
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
