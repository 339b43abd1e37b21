import { describe, expect, test } from 'vitest'
import { skillNames } from '#shared/profile/skills.ts'
import { matchBand, matchPercent, skillSet, softSkillOptions, technicalSkillOptions } from './skills.ts'

describe('job skills and the match', () => {
  test('the job form offers 28 technical and 18 soft skills, every one of which a member can declare', () => {
    expect(technicalSkillOptions).toHaveLength(28)
    expect(softSkillOptions).toHaveLength(18)
    const declarable = new Set<string>(skillNames)
    expect([...technicalSkillOptions, ...softSkillOptions].filter((skill) => !declarable.has(skill))).toEqual([])
    expect(new Set(skillNames).size).toBe(skillNames.length)
  })

  test('the match is the share of the job skills the member has, case-insensitive, rounded; its band follows spec 001 §9', () => {
    const own = skillSet([' python', 'COMMUNICATION', 'Figma'])
    expect(matchPercent(['Python', 'SQL', 'Go'], ['Communication'], own)).toBe(50)
    expect(matchPercent(['Python'], [], own)).toBe(100)
    expect(matchPercent([], [], own)).toBe(0)
    expect(matchPercent(['SQL', 'Go', 'AWS'], [], own)).toBe(0)
    expect([0, 59, 60, 79, 80, 100].map(matchBand)).toEqual(['none', 'low', 'fair', 'fair', 'strong', 'strong'])
  })
})
