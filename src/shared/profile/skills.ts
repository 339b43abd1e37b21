import { z } from 'zod'
import { softSkillOptions, technicalSkillOptions } from '#shared/jobs/skills.ts'

// Skill assessment (spec 001 §3 Skill assessment, §8 Skills, §9 categories and levels).

export const skillMessages = {
  noneSelected: 'Please select at least one skill',
  unknownSkill: 'Please choose skills from the list',
  invalidLevel: 'Please choose a proficiency level',
  skillsUpdated: 'Skills updated successfully',
  skillsFailed: 'Failed to save skills',
  skillUpdated: 'Skill updated successfully!',
  skillDeleted: 'Skill deleted successfully!',
  skillNotFound: 'This skill is not in your assessment',
  notAuthenticated: 'User not authenticated',
} as const

// spec 001 §9 counts Technical (10), Business (8) and Soft Skills (8). The job
// form offers 28 technical and 18 soft skills (spec 002 §3), and a job's match is
// the share of its skills the member has (spec 001 §9): with the short lists most
// job skills could never be declared, and a match could rarely turn green. So the
// Technical and Soft Skills lists are the job form's own (docs/decisions/008).
const businessSkills = [
  'Project Management',
  'Product Management',
  'Strategic Planning',
  'Financial Analysis',
  'Marketing',
  'Sales',
  'Business Development',
  'Operations Management',
] as const

export const skillCategories = {
  Technical: technicalSkillOptions,
  Business: businessSkills,
  // Project Management is on the job form's soft list too; it is shown once, under Business
  'Soft Skills': softSkillOptions.filter((name) => !(businessSkills as readonly string[]).includes(name)),
} as const

export type SkillCategory = keyof typeof skillCategories
export const skillNames = Object.values(skillCategories).flat() as [string, ...string[]]

export const proficiencyLevels = ['beginner', 'intermediate', 'advanced', 'expert'] as const
export type ProficiencyLevel = (typeof proficiencyLevels)[number]

// spec 001 §9: bar widths in the assessment
export const proficiencyBarPercent: Record<ProficiencyLevel, number> = {
  beginner: 25,
  intermediate: 50,
  advanced: 75,
  expert: 100,
}
export const proficiencyLabels: Record<ProficiencyLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  expert: 'Expert',
}

export const SkillName = z.enum(skillNames, { error: skillMessages.unknownSkill })
export const ProficiencyLevel = z.enum(proficiencyLevels, { error: skillMessages.invalidLevel })

export const SkillsInput = z.object({
  skills: z
    .array(z.object({ name: SkillName, level: ProficiencyLevel }), { error: skillMessages.noneSelected })
    .min(1, skillMessages.noneSelected)
    .max(skillNames.length)
    .refine((skills) => new Set(skills.map((s) => s.name)).size === skills.length, skillMessages.unknownSkill),
})
export type SkillsInput = z.infer<typeof SkillsInput>

export const SkillLevelInput = z.object({ level: ProficiencyLevel })
export type SkillLevelInput = z.infer<typeof SkillLevelInput>

export const SkillParams = z.object({ name: SkillName })

export type SkillView = { name: string; level: ProficiencyLevel; lastAssessed: string }
