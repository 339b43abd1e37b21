import { z } from 'zod'
import { email, emailMaxLength, requiredPhone, requiredText } from '#shared/common/fields.ts'
import { honeypotField } from '#shared/constants.ts'
import { businessMessages } from './messages.ts'

// The business request form of /business (spec 002 §1, §3), parsed by the form and the API alike.

/** The business request form's industry choices (the business's own, not a member's). */
export const businessIndustries = [
  'technology',
  'marketing',
  'finance',
  'healthcare',
  'education',
  'retail',
  'other',
] as const
export type Industry = (typeof businessIndustries)[number]

export const industryLabels: Record<Industry, string> = {
  technology: 'Technology',
  marketing: 'Marketing',
  finance: 'Finance',
  healthcare: 'Healthcare',
  education: 'Education',
  retail: 'Retail',
  other: 'Other',
}

export const businessSkills = [
  'web-development',
  'digital-marketing',
  'data-analysis',
  'graphic-design',
  'content-writing',
  'social-media',
  'seo',
  'project-management',
] as const
export type BusinessSkill = (typeof businessSkills)[number]

export const businessSkillLabels: Record<BusinessSkill, string> = {
  'web-development': 'Web development',
  'digital-marketing': 'Digital marketing',
  'data-analysis': 'Data analysis',
  'graphic-design': 'Graphic design',
  'content-writing': 'Content writing',
  'social-media': 'Social media',
  seo: 'SEO',
  'project-management': 'Project management',
}

// phone: the 20 characters businessMessages.invalidPhone names
export const businessLimits = { businessName: 150, supportNeeded: 2000, email: emailMaxLength, phone: 20 } as const

const required = (max: number, tooLong: string) => requiredText(businessMessages.missingFields, max, tooLong)

export const BusinessRequestInput = z.object({
  businessName: required(businessLimits.businessName, businessMessages.businessNameTooLong),
  industry: z.enum(businessIndustries, { error: businessMessages.chooseIndustry }),
  // a request without a skill cannot be matched (spec 002 §1 matching step)
  requiredSkills: z
    .array(z.enum(businessSkills, { error: businessMessages.chooseSkill }), { error: businessMessages.chooseSkill })
    .min(1, businessMessages.chooseSkill)
    .transform((skills) => [...new Set(skills)]),
  supportNeeded: required(businessLimits.supportNeeded, businessMessages.supportTooLong),
  email: email(businessMessages.invalidEmail, businessMessages.missingFields),
  phone: requiredPhone(businessMessages.missingFields, businessMessages.invalidPhone, businessLimits.phone),
  // issue 6: people leave it empty; the service refuses a filled one
  [honeypotField]: z.string().max(1000).optional(),
})
export type BusinessRequestInput = z.input<typeof BusinessRequestInput>
export type BusinessRequestValues = z.output<typeof BusinessRequestInput>
