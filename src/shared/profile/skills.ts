import { z } from 'zod'

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

// spec 001 §9: Technical (10), Business (8), Soft Skills (8)
export const skillCategories = {
  Technical: [
    'JavaScript',
    'TypeScript',
    'Python',
    'SQL',
    'React',
    'Node.js',
    'Cloud Computing',
    'Data Analysis',
    'Machine Learning',
    'Cybersecurity',
  ],
  Business: [
    'Project Management',
    'Product Management',
    'Strategic Planning',
    'Financial Analysis',
    'Marketing',
    'Sales',
    'Business Development',
    'Operations Management',
  ],
  'Soft Skills': ['Communication', 'Leadership', 'Teamwork', 'Problem Solving', 'Critical Thinking', 'Time Management', 'Adaptability', 'Emotional Intelligence'],
} as const

export type SkillCategory = keyof typeof skillCategories
export const skillNames = Object.values(skillCategories).flat() as [string, ...string[]]

export const proficiencyLevels = ['beginner', 'intermediate', 'advanced', 'expert'] as const
export type ProficiencyLevel = (typeof proficiencyLevels)[number]

// spec 001 §9: bar widths in the assessment
export const proficiencyBarPercent: Record<ProficiencyLevel, number> = { beginner: 25, intermediate: 50, advanced: 75, expert: 100 }
export const proficiencyLabels: Record<ProficiencyLevel, string> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced', expert: 'Expert' }

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
