import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { zodResolver } from '@hookform/resolvers/zod'
import { honeypotField } from '#shared/constants.ts'
import { contactMessages } from '#shared/contact/messages.ts'
import { contactLimits, ContactInput } from '#shared/contact/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { useSendContactMessage } from '#web/features/contact/api/contact.ts'
import { HoneypotField } from '#web/components/honeypot-field.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { PageTitle } from '#web/components/page-title.tsx'

const emptyForm: ContactInput = { name: '', email: '', subject: '', message: '', [honeypotField]: '' }

/** /contact (spec 001 §2, §5, §8): the Contact Us form; the server checks the same shared schema. */
export function ContactPage() {
  const send = useSendContactMessage()
  const [sent, setSent] = useState(false)
  const [failure, setFailure] = useState<string>()
  const form = useForm<ContactInput, unknown, z.output<typeof ContactInput>>({
    resolver: zodResolver(ContactInput),
    defaultValues: emptyForm,
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(() => {
    setFailure(undefined)
    // the request carries what was typed; the server trims and checks it again
    send.mutate(form.getValues(), {
      onSuccess: () => {
        setSent(true)
        form.reset(emptyForm)
      },
      onError: (error) => setFailure(formFailure(form, error, { fallback: contactMessages.failed })),
    })
  })

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-8 px-4 py-12 sm:px-6 sm:py-16">
      <header className="grid gap-3">
        <PageTitle>Contact Us</PageTitle>
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">Contact Us</h1>
        <p className="text-lg text-muted-foreground">
          Questions about membership, courses or your account? Send us a message and we will reply by e-mail.
        </p>
      </header>
      <Card>
        <CardContent>
          {sent ? (
            <div className="grid gap-4">
              <p role="status" className="flex items-center gap-2 text-lg font-medium">
                <span aria-hidden="true" className="text-accent">
                  ✓
                </span>
                {contactMessages.sent}
              </p>
              <Button variant="secondary" className="w-fit" onClick={() => setSent(false)}>
                Send another message
              </Button>
            </div>
          ) : (
            <form noValidate onSubmit={onSubmit} className="relative grid gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Name"
                  autoComplete="name"
                  maxLength={contactLimits.name}
                  required
                  error={errors.name?.message}
                  {...form.register('name')}
                />
                <TextField
                  label="E-mail"
                  type="email"
                  autoComplete="email"
                  maxLength={contactLimits.email}
                  required
                  error={errors.email?.message}
                  {...form.register('email')}
                />
              </div>
              <TextField
                label="Subject (optional)"
                maxLength={contactLimits.subject}
                error={errors.subject?.message}
                {...form.register('subject')}
              />
              <TextAreaField
                label="Message"
                rows={6}
                maxLength={contactLimits.message}
                required
                error={errors.message?.message}
                {...form.register('message')}
              />
              <HoneypotField {...form.register(honeypotField)} />
              {failure ? (
                <p role="alert" className="text-sm text-destructive">
                  {failure}
                </p>
              ) : null}
              <Button type="submit" className="w-fit" disabled={send.isPending}>
                {send.isPending ? 'Sending…' : 'Send message'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
