import type { ResumePdf } from './read-pdf.ts'
import { normalizeText, statementsOf, visibleLength, wordsOf } from './text.ts'
import { otherHeadings, sectionHeadings, type SectionWithHeading } from './vocabulary.ts'

/** The resume's text, normalised once and cut the ways the four criteria read it. */
export type ResumeAnalysis = {
  /** the real page count */
  pages: number
  text: string
  /** the pages whose text was read (at most maxPagesRead) */
  pageTexts: string[]
  lines: string[]
  /** bullets with their wrapped lines, and every other line */
  statements: Array<{ text: string; bullet: boolean }>
  /** the heading line found for each section, if any */
  headings: Record<SectionWithHeading, string | undefined>
  /** characters that are not white space */
  visibleChars: number
  words: string[]
}

/** A heading is a short line of its own, capitalised; 'E X P E R I E N C E' and 'Skills:' count too. */
function headingText(line: string): string | undefined {
  if (line.length > 40 || !/^\p{Lu}/u.test(line)) return undefined
  const letterSpaced = /^(?:\p{L} )+\p{L}$/u.test(line)
  return (letterSpaced ? line.replace(/ /g, '') : line).replace(/\s*:$/, '')
}

function sectionOf(line: string): SectionWithHeading | undefined {
  const heading = headingText(line)
  if (heading === undefined) return undefined
  return (Object.keys(sectionHeadings) as SectionWithHeading[]).find((section) =>
    sectionHeadings[section].test(heading),
  )
}

function isHeading(line: string): boolean {
  const heading = headingText(line)
  return heading !== undefined && (sectionOf(line) !== undefined || otherHeadings.test(heading))
}

export function analyse(pdf: ResumePdf): ResumeAnalysis {
  const pageTexts = pdf.pageTexts.map(normalizeText)
  const text = normalizeText(pdf.text)
  const lines = text.split('\n').filter((line) => line !== '')
  const headings: ResumeAnalysis['headings'] = { experience: undefined, education: undefined, skills: undefined }
  for (const line of lines) {
    const section = sectionOf(line)
    if (section && headings[section] === undefined) headings[section] = line
  }
  return {
    pages: pdf.pages,
    text,
    pageTexts,
    lines,
    statements: statementsOf(lines, isHeading),
    headings,
    visibleChars: visibleLength(text),
    words: wordsOf(text),
  }
}
