// spec 002 §3 Job: fixed option lists of 28 technical and 18 soft skills (the spec
// counts them without naming them). The member's own assessment offers these same
// lists (src/shared/profile/skills.ts), so every skill a job asks for can be
// declared and matched (spec 001 §9).

export const technicalSkillOptions = [
  'JavaScript',
  'TypeScript',
  'Python',
  'Java',
  'C#',
  'Go',
  'SQL',
  'React',
  'Angular',
  'Vue.js',
  'Node.js',
  'HTML & CSS',
  'REST APIs',
  'GraphQL',
  'AWS',
  'Azure',
  'Google Cloud',
  'Cloud Computing',
  'Docker',
  'Kubernetes',
  'Terraform',
  'CI/CD',
  'Linux',
  'Data Analysis',
  'Machine Learning',
  'Cybersecurity',
  'Power BI',
  'Figma',
] as const

export const softSkillOptions = [
  'Communication',
  'Leadership',
  'Teamwork',
  'Problem Solving',
  'Critical Thinking',
  'Time Management',
  'Adaptability',
  'Emotional Intelligence',
  'Collaboration',
  'Creativity',
  'Attention to Detail',
  'Conflict Resolution',
  'Decision Making',
  'Mentoring',
  'Negotiation',
  'Presentation Skills',
  'Stakeholder Management',
  'Project Management',
] as const

export type TechnicalSkill = (typeof technicalSkillOptions)[number]
export type SoftSkill = (typeof softSkillOptions)[number]

/** A member's skills as `matchPercent` compares them: trimmed, case-insensitive. */
export function skillSet(memberSkills: readonly string[]): ReadonlySet<string> {
  return new Set(memberSkills.map((skill) => skill.trim().toLowerCase()))
}

/**
 * spec 001 §9: the share of the job's technical plus soft skills that the member
 * has (`skillSet` of theirs), case-insensitive, rounded; 0 when the job lists none.
 */
export function matchPercent(
  technicalSkills: readonly string[],
  softSkills: readonly string[],
  own: ReadonlySet<string>,
): number {
  const listed = technicalSkills.length + softSkills.length
  if (listed === 0) return 0
  let matched = 0
  for (const skill of technicalSkills) if (own.has(skill.trim().toLowerCase())) matched++
  for (const skill of softSkills) if (own.has(skill.trim().toLowerCase())) matched++
  return Math.round((matched / listed) * 100)
}

export type MatchBand = 'strong' | 'fair' | 'low' | 'none'

/** spec 001 §9: green at 80 or more, yellow at 60 or more, grey below, hidden at 0. */
export function matchBand(percent: number): MatchBand {
  if (percent <= 0) return 'none'
  if (percent >= 80) return 'strong'
  if (percent >= 60) return 'fair'
  return 'low'
}
