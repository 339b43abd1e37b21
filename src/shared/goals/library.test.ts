import { describe, expect, test } from 'vitest'
import { addDays } from './calendar.ts'
import { libraryChallenges, libraryCoachTips, libraryContentFor, libraryQuotes } from './library.ts'
import { DailyContentInput } from './schemas.ts'

// The routine's built-in content (issue 21): real, attributed quotes, coach's tips
// and challenges, turning day by day where no admin has set the day's own.

describe('the built-in daily content', () => {
  test('holds at least 30 distinct attributed quotes, and distinct tips and challenges', () => {
    expect(libraryQuotes.length).toBeGreaterThanOrEqual(30)
    expect(new Set(libraryQuotes.map((quote) => quote.text)).size).toBe(libraryQuotes.length)
    expect(libraryQuotes.every((quote) => quote.author.trim().length > 0)).toBe(true)
    expect(new Set(libraryCoachTips).size).toBe(libraryCoachTips.length)
    expect(new Set(libraryChallenges.map((challenge) => challenge.title)).size).toBe(libraryChallenges.length)
  })

  test('every entry is one an admin could have typed into the day form (the same limits)', () => {
    for (let index = 0; index < libraryQuotes.length * libraryChallenges.length; index++) {
      const { quote, coachTip, challenge } = libraryContentFor(addDays('2026-01-01', index))
      const parsed = DailyContentInput.safeParse({
        quoteText: quote.text,
        quoteAuthor: quote.author,
        coachTip,
        challengeTitle: challenge.title,
        challengeDescription: challenge.description,
        challengeMinutes: challenge.minutes,
      })
      expect(parsed.success).toBe(true)
    }
  })

  test('the same date shows the same content to everyone, and the next date other content', () => {
    expect(libraryContentFor('2026-03-10')).toEqual(libraryContentFor('2026-03-10'))
    const today = libraryContentFor('2026-03-10')
    const tomorrow = libraryContentFor('2026-03-11')
    expect(tomorrow.quote).not.toEqual(today.quote)
    expect(tomorrow.coachTip).not.toBe(today.coachTip)
    expect(tomorrow.challenge).not.toEqual(today.challenge)
    // every quote comes round within one cycle of days
    const seen = new Set(
      Array.from({ length: libraryQuotes.length }, (_, n) => libraryContentFor(addDays('2026-01-01', n)).quote.text),
    )
    expect(seen.size).toBe(libraryQuotes.length)
  })
})
