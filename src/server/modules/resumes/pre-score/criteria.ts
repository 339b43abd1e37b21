import type { SuggestedCriterion } from '#shared/resumes/schemas.ts'
import type { ResumeAnalysis } from './analysis.ts'
import { maxPagesRead } from './read-pdf.ts'
import { clampScore, listOf, plural, quote, termMatcher, visibleLength, wordsOf } from './text.ts'
import { actionVerbs, commonKeywords, commonKeywordsForFullMarks } from './vocabulary.ts'

// The four criteria of spec 002 §9 (keyword, format, content, ATS), each a score
// 0-100 built from named parts, with the sentences that explain every part.
// Rules, not a model: the same PDF always gets the same suggestion.

/** Below this many characters (not white space), a PDF has no usable text layer: a scanned image. */
export const minReadableChars = 100

/** The other criteria cannot judge a resume whose text cannot be read. */
export function unreadableCriterion(what: string): SuggestedCriterion {
  return { score: 0, reasons: [`No text could be read from this PDF, so ${what} could not be judged.`] }
}

// ---------- keyword ----------

/** Target skills as given, trimmed, without blanks or repeats (the first spelling wins). */
export function cleanSkills(skills: string[]): string[] {
  const seen = new Set<string>()
  const clean: string[] = []
  for (const skill of skills) {
    const trimmed = skill.trim().replace(/\s+/g, ' ')
    if (trimmed === '' || seen.has(trimmed.toLowerCase())) continue
    seen.add(trimmed.toLowerCase())
    clean.push(trimmed)
  }
  return clean
}

/**
 * Coverage of the target skills: the share of them the text names (whole words,
 * any letter case). Without target skills, how many common professional and
 * technical keywords it names, full marks from `commonKeywordsForFullMarks`.
 */
export function keywordCriterion(resume: ResumeAnalysis, skills: string[], source: string): SuggestedCriterion {
  const lowerText = resume.text.toLowerCase()
  if (skills.length === 0) {
    const found = commonKeywords.filter((keyword) => termMatcher(keyword)(resume.text, lowerText))
    return {
      score: clampScore((100 * found.length) / commonKeywordsForFullMarks),
      reasons: [
        'No target skills were given (no goals, skills or chosen job), so common professional and technical keywords were counted instead.',
        found.length === 0
          ? 'None of the common keywords was found.'
          : `Found ${plural(found.length, 'common keyword')}: ${listOf([...found], 12)}; ${commonKeywordsForFullMarks} or more earn full marks.`,
        'Choose a target job or add target skills for a score against the role itself.',
      ],
    }
  }
  const found = skills.filter((skill) => termMatcher(skill)(resume.text, lowerText))
  const missing = skills.filter((skill) => !found.includes(skill))
  const reasons = [
    missing.length === 0
      ? `Found all ${plural(skills.length, 'target skill')}: ${listOf(found, 20)}.`
      : found.length === 0
        ? `Found none of the ${plural(skills.length, 'target skill')}; missing: ${listOf(missing, 20)}.`
        : `Found ${found.length} of ${plural(skills.length, 'target skill')}: ${listOf(found, 20)}; missing: ${listOf(missing, 20)}.`,
  ]
  if (source.trim() !== '') reasons.push(`The target skills come from ${source.trim()}.`)
  if (missing.length > 0) {
    reasons.push(
      'Name each missing skill the member really has, in the skills section and in the bullets that used it.',
    )
  }
  return { score: clampScore((100 * found.length) / skills.length), reasons }
}

// ---------- format ----------

const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/
const phonePatterns = [
  /\+\d[\d\s().-]{7,}\d/,
  /\(\d{2,4}\)\s?\d[\d\s.-]{5,}\d/,
  /(?<![\d.])\d{3}[-.\s]\d{3}[-.\s]\d{4}(?![\d.])/,
  /\b(?:phone|mobile|tel|cell)\b\.?:?\s*[+\d(][\d\s().-]{6,}\d/i,
]

const month = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`
const monthYear = new RegExp(
  String.raw`\b${month}\.?,?\s+(?:19|20)\d{2}\b|\b(?:0?[1-9]|1[0-2])[/.](?:19|20)\d{2}\b|\b(?:19|20)\d{2}-(?:0[1-9]|1[0-2])\b`,
  'gi',
)
const year = /\b(?:19[5-9]\d|20[0-4]\d)\b/g
const untilNow = /\b(?:19|20)\d{2}\s*(?:[-–—]|to)?\s*(present|current|now|today)\b/gi

/** A bullet longer than this reads as a paragraph. */
export const longBulletWords = 40

/**
 * Formatting (out of 100): length in pages 20, the four sections 40 (contact,
 * experience, education, skills: 10 each), dates 20, bullets of readable length 20.
 */
export function formatCriterion(resume: ResumeAnalysis): SuggestedCriterion {
  const reasons: string[] = []

  // pages: 20
  const pagePoints = resume.pages <= 2 ? 20 : resume.pages === 3 ? 10 : 0
  reasons.push(
    resume.pages <= 2
      ? `${plural(resume.pages, 'page')}: within the 1-2 pages recruiters expect of a resume.`
      : resume.pages === 3
        ? '3 pages: longer than the 1-2 pages recruiters expect of a resume; keep the most recent and relevant work.'
        : `${resume.pages} pages: far longer than the 1-2 pages recruiters expect of a resume (this reads like a full CV).`,
  )

  // sections: 40
  const hasEmail = email.test(resume.text)
  const hasPhone = phonePatterns.some((pattern) => pattern.test(resume.text))
  const contactPoints = hasEmail && hasPhone ? 10 : hasEmail || hasPhone ? 7 : 0
  const found: string[] = []
  const missing: string[] = []
  if (hasEmail || hasPhone) {
    found.push(`contact details (${[hasEmail && 'e-mail', hasPhone && 'phone'].filter(Boolean).join(' and ')})`)
  } else missing.push('contact details (no e-mail address or phone number could be read)')
  const sectionNames = { experience: 'experience', education: 'education', skills: 'skills' } as const
  const examples = {
    experience: '"Experience" or "Work Experience"',
    education: '"Education"',
    skills: '"Skills" or "Technical Skills"',
  } as const
  for (const section of ['experience', 'education', 'skills'] as const) {
    const heading = resume.headings[section]
    if (heading) found.push(`${sectionNames[section]} ("${heading}")`)
    else missing.push(`a ${sectionNames[section]} section (no heading such as ${examples[section]})`)
  }
  const sectionPoints =
    contactPoints + (['experience', 'education', 'skills'] as const).filter((s) => resume.headings[s]).length * 10
  if (found.length > 0) reasons.push(`Sections found: ${listOf(found)}.`)
  if (missing.length > 0) reasons.push(`Missing: ${listOf(missing)}.`)
  if (hasEmail !== hasPhone) reasons.push(`Contact details have ${hasEmail ? 'no phone number' : 'no e-mail address'}.`)

  // dates: 20
  const monthYears = resume.text.match(monthYear) ?? []
  const ongoing = [...resume.text.matchAll(untilNow)].map((match) => match[1] ?? '')
  const years = resume.text.match(year) ?? []
  let datePoints: number
  if (monthYears.length >= 2) {
    datePoints = 20
    const samples = [monthYears[0], ongoing[0]].filter((sample): sample is string => Boolean(sample))
    reasons.push(
      `Found ${monthYears.length} dates with their months, such as ${listOf(samples.map((sample) => `"${sample}"`))}, so each role can be placed in time.`,
    )
  } else if (years.length >= 2) {
    datePoints = 14
    reasons.push(
      `Dates are years only (such as "${years[0]}"); give each role its months too, as in "Mar 2021 – Present".`,
    )
  } else if (monthYears.length + years.length === 1) {
    datePoints = 7
    reasons.push('Only one date found: give each role and degree its dates, as in "Mar 2021 – Present".')
  } else {
    datePoints = 0
    reasons.push('No dates found: give each role and degree its dates, as in "Mar 2021 – Present".')
  }

  // bullets: 20
  const bullets = resume.statements.filter((statement) => statement.bullet)
  let bulletPoints: number
  if (bullets.length >= 3) {
    const lengths = bullets.map((bullet) => wordsOf(bullet.text).length)
    const long = bullets.filter((_, index) => (lengths[index] ?? 0) > longBulletWords)
    const average = Math.round(lengths.reduce((sum, length) => sum + length, 0) / bullets.length)
    const longShare = long.length / bullets.length
    // a quarter of the bullets too long costs half the points, half of them all
    bulletPoints = Math.round(20 * (1 - Math.min(1, longShare * 2)))
    reasons.push(
      long.length === 0
        ? `${bullets.length} bullet points, none longer than ${longBulletWords} words (${average} on average).`
        : `${bullets.length} bullet points, ${long.length} of them longer than ${longBulletWords} words, such as ${quote(long[0]?.text ?? '')}: keep each bullet to one or two lines.`,
    )
  } else {
    const longLines = resume.lines.filter((line) => line.length > 150)
    const paragraphs = longLines.length >= Math.max(2, resume.lines.length * 0.2)
    bulletPoints = paragraphs ? 0 : 8
    reasons.push(
      paragraphs
        ? 'No bullet points, and much of the text is long paragraphs: list achievements as short bullets.'
        : 'Few or no bullet points found: list achievements as short bullets, one or two lines each.',
    )
  }

  return { score: clampScore(pagePoints + sectionPoints + datePoints + bulletPoints), reasons }
}

// ---------- content ----------

const metricPatterns = [
  /\d(?:[\d,.]*\d)?\s?%/,
  /[$€£¥]\s?\d/,
  /(?<![\p{L}\d.])\d+(?:[.,]\d+)?\s?[x×](?![\p{L}\d])/iu,
  /(?<![\p{L}\d.])\d+(?:[.,]\d+)?\s?(?:k|m|bn|b|million|billion|thousand)(?![\p{L}\d])/iu,
  /(?<![\p{L}\d.])\d[\d,.]*\+(?!\+)/u,
  /\b(?:increased|reduced|decreased|grew|cut|improved|saved|raised|boosted|lowered|increasing|reducing|decreasing|improving|cutting|saving|raising|boosting|lowering)\b[^.;]{0,60}?\bby\s+(?:over\s+|about\s+|nearly\s+|almost\s+|more than\s+)?[$€£]?\d/i,
  /\bfrom\s+[$€£]?\d[\d,.]*\s*[%kmb]?\s+to\s+[$€£]?\d/i,
  /(?<![\d,.])\d{1,3}(?:,\d{3})+(?![\d,])/,
  /\b(?:doubled|tripled|quadrupled|halved)\b/i,
]
/** Measurable results that earn full marks. */
export const metricsForFullMarks = 6

/** A bullet's first word once a 'Topic:' label and one '-ly' adverb are set aside ('Data: Continuously improved ...'). */
function leadingWord(statement: string): string {
  const unlabelled = statement.replace(/^[^:]{1,40}:\s+(?=\S)/, (label) => (wordsOf(label).length <= 4 ? '' : label))
  const words = unlabelled.split(/\s+/)
  const first = /ly$/i.test(words[0] ?? '') && words.length > 1 ? words[1] : words[0]
  return (first ?? '').toLowerCase().replace(/[^\p{L}-]+$/u, '')
}

/** The share of bullets that start with an action verb, for full marks. */
export const actionVerbShareForFullMarks = 0.6
/** A bullet or line of fewer words is a heading or a detail, not a statement of work. */
const minStatementWords = 6

/**
 * Content (out of 100): measurable results 40, bullets that start with an action
 * verb 40, a length a recruiter reads 20.
 */
export function contentCriterion(resume: ResumeAnalysis): SuggestedCriterion {
  const reasons: string[] = []

  // measurable results: 40
  const measured = resume.statements.filter((statement) =>
    metricPatterns.some((pattern) => pattern.test(statement.text)),
  )
  const metricPoints = 40 * Math.min(1, measured.length / metricsForFullMarks)
  if (measured.length === 0) {
    reasons.push('No measurable results found: say how much, how many or how fast (%, $, counts) in the achievements.')
  } else {
    reasons.push(
      `Found ${plural(measured.length, 'statement')} with measurable results (numbers, %, $), such as ${quote((measured.find((statement) => statement.bullet) ?? measured[0])?.text ?? '')}.`,
    )
    if (measured.length < metricsForFullMarks) {
      reasons.push(`Aim for at least ${metricsForFullMarks}: put a number on more of the achievements.`)
    }
  }

  // action verbs: 40
  const bullets = resume.statements.filter((statement) => statement.bullet)
  const candidates = (bullets.length >= 3 ? bullets : resume.statements).filter(
    (statement) => wordsOf(statement.text).length >= minStatementWords,
  )
  const led = candidates.filter((statement) => actionVerbs.has(leadingWord(statement.text)))
  const share = candidates.length === 0 ? 0 : led.length / candidates.length
  const verbPoints = 40 * Math.min(1, share / actionVerbShareForFullMarks)
  const what = bullets.length >= 3 ? 'bullets' : 'lines'
  if (candidates.length === 0) {
    reasons.push('No bullets or sentences describe the work: list what was done, each starting with an action verb.')
  } else {
    const verbs = [...new Set(led.map((statement) => leadingWord(statement.text)))].map(
      (verb) => verb.charAt(0).toUpperCase() + verb.slice(1),
    )
    reasons.push(
      led.length === 0
        ? `None of the ${candidates.length} ${what} starts with an action verb.`
        : `${led.length} of ${candidates.length} ${what} start with an action verb (${listOf(verbs, 8)}).`,
    )
    if (share < actionVerbShareForFullMarks) {
      reasons.push(
        'Start most bullets with a verb that says what was done (led, built, designed, improved), not with a noun or "Responsible for".',
      )
    }
  }

  // length: 20
  const words = resume.words.length
  const about = words < 100 ? words : Math.round(words / 10) * 10
  let lengthPoints: number
  if (words < 150) {
    lengthPoints = 0
    reasons.push(
      `Only ${plural(words, 'word')}: too little for a recruiter to judge; describe each role's work and results.`,
    )
  } else if (words < 350) {
    lengthPoints = 10
    reasons.push(`About ${about} words: on the short side; 350-900 words give a recruiter enough to judge.`)
  } else if (words <= 900) {
    lengthPoints = 20
    reasons.push(`About ${about} words: within the 350-900 words a recruiter reads comfortably.`)
  } else {
    lengthPoints = words <= 1400 ? 12 : 6
    reasons.push(
      `About ${about} words: ${words <= 1400 ? 'longer' : 'far longer'} than the 350-900 words a recruiter reads comfortably; cut what does not serve the target role.`,
    )
  }

  return { score: clampScore(metricPoints + verbPoints + lengthPoints), reasons }
}

// ---------- ATS ----------

/** On average, fewer characters a page than this suggests part of the resume is an image. */
export const minCharsPerPage = 400
/** A page with fewer characters than this has (almost) no text: an image, or blank. */
const nearlyEmptyPage = 30
// control characters are exactly what this looks for
// eslint-disable-next-line no-control-regex
const undecodable = /[\ufffd\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\(cid:\d+\)/gu
const icons = /[\p{Co}\u{1f000}-\u{1faff}]/gu
const runTogether = /\p{L}{25,}/gu

/**
 * ATS compatibility (parse-ability, out of 100). No text layer (a scanned image)
 * is 0. Otherwise 100 less: little text per page 20, pages with almost no text
 * 15 each (at most 30), undecodable characters 10 and more with their share (at
 * most 50), icon glyphs 2 each (at most 10), words run together 3 each (at most
 * 30), letters standing alone 20.
 */
export function atsCriterion(resume: ResumeAnalysis): SuggestedCriterion {
  if (resume.visibleChars === 0) {
    return {
      score: 0,
      reasons: [
        'No text could be read from this PDF: it is most likely a scanned image or a picture of text. An ATS sees an empty page; export the resume from a word processor as a PDF with real text.',
      ],
    }
  }
  if (resume.visibleChars < minReadableChars) {
    return {
      score: 0,
      reasons: [
        `Only ${plural(resume.visibleChars, 'character')} of text could be read from this PDF: the rest is most likely a scanned image or a picture of text, which an ATS cannot read. Export the resume from a word processor as a PDF with real text.`,
      ],
    }
  }

  const reasons: string[] = []
  let score = 100
  const pagesRead = resume.pageTexts.length
  const perPage = Math.round(resume.visibleChars / Math.max(1, pagesRead))
  reasons.push(
    `Read ${resume.visibleChars} characters of text from ${plural(pagesRead, 'page')} (about ${perPage} a page).`,
  )
  if (resume.pages > pagesRead) reasons.push(`Only the first ${maxPagesRead} pages were read.`)
  const before = score

  if (perPage < minCharsPerPage) {
    score -= 20
    reasons.push(
      `Little text per page (under ${minCharsPerPage} characters): parts of the resume may be images an ATS cannot read.`,
    )
  }
  const emptyPages = resume.pageTexts
    .map((page, index) => ({ page: index + 1, chars: visibleLength(page) }))
    .filter((page) => page.chars < nearlyEmptyPage)
  if (emptyPages.length > 0) {
    score -= Math.min(30, 15 * emptyPages.length)
    reasons.push(
      `${emptyPages.length === 1 ? 'Page' : 'Pages'} ${listOf(emptyPages.map((page) => String(page.page)))} ${emptyPages.length === 1 ? 'has' : 'have'} almost no readable text: an image of text there is lost to an ATS.`,
    )
  }
  const undecodableCount = resume.text.match(undecodable)?.length ?? 0
  if (undecodableCount > 0) {
    score -= Math.min(50, 10 + Math.round((500 * undecodableCount) / resume.visibleChars))
    reasons.push(
      `${plural(undecodableCount, 'character')} could not be decoded (shown as "�" or as font codes): the PDF's fonts lack a Unicode map, so an ATS reads them as garbage.`,
    )
  }
  const iconCount = resume.text.match(icons)?.length ?? 0
  if (iconCount > 0) {
    score -= Math.min(10, 2 * iconCount)
    reasons.push(
      `${plural(iconCount, 'icon')} (symbol-font or emoji glyphs) read as meaningless characters: an ATS skips them, so no icon should carry information that is not also written out.`,
    )
  }
  const glued = resume.text.match(runTogether) ?? []
  if (glued.length > 0) {
    score -= Math.min(30, 3 * glued.length)
    reasons.push(
      `${plural(glued.length, 'word')} of 25 letters or more, such as ${quote(glued[0] ?? '', 40)}: words run together without spaces cannot be searched by an ATS.`,
    )
  }
  const singles = resume.words.filter((word) => /^\p{L}$/u.test(word) && !/^[aAI]$/.test(word)).length
  if (resume.words.length > 0 && singles / resume.words.length > 0.15) {
    score -= 20
    reasons.push(
      'Many letters stand alone, as in "E x p e r i e n c e": letter-spaced text reads as single letters to an ATS.',
    )
  }
  if (score === before) reasons.push('No undecodable characters, icons or run-together words: an ATS can read it all.')

  return { score: clampScore(score), reasons }
}
