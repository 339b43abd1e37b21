// The resume's text, normalised once and cut into what the rules look at:
// lines, statements (a bullet with its wrapped lines), words.

/**
 * One text for every rule: soft hyphens (U+00AD) are what some PDF makers write
 * where a reader sees '-' (LuaTeX fonts; at the end of a line, a word broken in
 * two), ligatures ('ﬁ') become their letters, every kind of space one space,
 * line breaks stay (headings and bullets are lines).
 */
export function normalizeText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .replace(/\u00ad[^\S\n]*\n[^\S\n]*/g, '')
      .replace(/\u00ad/g, '-')
      .replace(/[\ufb00-\ufb06]/g, (ligature) => ligature.normalize('NFKC'))
      // zero-width spaces and joiners, the byte-order mark
      .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  )
}

/** Characters that are not white space: what "how much text" means everywhere. */
export function visibleLength(text: string): number {
  return text.replace(/\s+/g, '').length
}

export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.+#/&-]*/gu) ?? []
}

/** A line that starts with a bullet glyph (and a space): '•', '◦', '▪', '–', '-', '*', ... */
const bulletStart = /^[•◦▪▫‣∙●○■□►▸▹➢➤➔→✓✔❖◆◇·*–—-]\s+/

export function isBullet(line: string): boolean {
  return bulletStart.test(line)
}

export function withoutBullet(line: string): string {
  return line.replace(bulletStart, '')
}

/** A bullet of many lines ends at a full stop, the next bullet or a heading; never more than this many lines. */
const maxBulletLines = 6

/**
 * The resume's statements: each bullet with the lines it wraps onto (a PDF breaks
 * a long bullet into lines), and each other line on its own.
 */
export function statementsOf(lines: string[], isHeading: (line: string) => boolean) {
  const statements: Array<{ text: string; bullet: boolean }> = []
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? ''
    if (!isBullet(line)) {
      statements.push({ text: line, bullet: false })
      continue
    }
    let text = withoutBullet(line)
    let taken = 1
    while (taken < maxBulletLines) {
      const next = lines[index + 1]
      if (next === undefined || isBullet(next) || isHeading(next)) break
      // a wrapped line goes on in lower case, or follows a line that did not end its sentence
      const continues = /^[\p{Ll}(\d]/u.test(next) || !/[.!?;:)]$/.test(text)
      if (!continues) break
      text = `${text} ${next}`
      index++
      taken++
    }
    statements.push({ text, bullet: true })
  }
  return statements
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** Letters, digits and the marks that belong to a name such as 'C++' or 'C#': a term never starts or ends next to one. */
const termChar = String.raw`[\p{L}\p{N}_+#]`

/** Other spellings of common skills that mean the same thing. */
const aliases: Record<string, string[]> = {
  'amazon web services': ['AWS'],
  aws: ['Amazon Web Services'],
  'google cloud': ['GCP', 'Google Cloud Platform'],
  gcp: ['Google Cloud', 'Google Cloud Platform'],
  kubernetes: ['k8s'],
  postgresql: ['Postgres'],
  postgres: ['PostgreSQL'],
  javascript: ['JS'],
  typescript: ['TS'],
  'c#': ['C Sharp', 'CSharp'],
  'ci/cd': ['continuous integration', 'continuous delivery', 'continuous deployment'],
  'machine learning': ['ML'],
  ml: ['machine learning'],
  'artificial intelligence': ['AI'],
  ai: ['artificial intelligence'],
  'user experience': ['UX'],
  ux: ['user experience'],
  'power bi': ['PowerBI'],
  golang: ['Go'],
  'microsoft excel': ['Excel'],
  excel: ['Microsoft Excel', 'MS Excel'],
}

const wordsOfSpelling = (spelling: string) =>
  spelling
    .trim()
    .split(/\s+|(?<=\p{L})-(?=\p{L})/u)
    .filter(Boolean)

/** A spelling as a pattern: whole words, any white space or hyphen between the words. */
const spellingSource = (spelling: string) =>
  wordsOfSpelling(spelling)
    .map(escapeRegExp)
    .join(String.raw`[\s-]+`)

/**
 * Whether a skill or keyword appears in the text: case-insensitive, whole words
 * ('Java' is not found in 'JavaScript', 'C' not in 'C++'), 'Node.js' also as
 * 'NodeJS', and a few common other spellings ('k8s' for Kubernetes). Names of one
 * or two characters ('R', 'Go', 'AI') count only capitalised or in capitals, so
 * the verb 'go' is not taken for the language. Give the text's lower case when
 * testing many terms against one text: a plain search in it rules most terms out
 * before any pattern runs (a hundred case-insensitive Unicode patterns over a CV
 * otherwise take a fifth of a second while V8 still interprets them).
 */
export function termMatcher(term: string): (text: string, lowerText?: string) => boolean {
  const trimmed = term.trim()
  const spellings = [trimmed, ...(aliases[trimmed.toLowerCase()] ?? [])]
  if (/\.js$/i.test(trimmed)) spellings.push(trimmed.replace(/\.js$/i, 'JS'), trimmed.replace(/\.js$/i, ' JS'))
  const caseless = spellings.filter((spelling) => spelling.length > 2)
  const exact = [
    ...new Set(
      spellings
        .filter((spelling) => spelling.length <= 2)
        .flatMap((spelling) => [spelling.toUpperCase(), spelling.charAt(0).toUpperCase() + spelling.slice(1)]),
    ),
  ]
  const around = (alternatives: string[], after = '') =>
    `(?<!${termChar})(?:${alternatives.join('|')})(?!${termChar}${after})`
  const caselessPattern = caseless.length > 0 ? new RegExp(around(caseless.map(spellingSource)), 'iu') : undefined
  const firstWords = caseless.map((spelling) => (wordsOfSpelling(spelling)[0] ?? '').toLowerCase())
  // a short name is neither an initial nor part of a compound: no 'R' in 'R.O.K', no 'Go' in 'Go-to'
  const exactPattern =
    exact.length > 0 ? new RegExp(around(exact.map(escapeRegExp), String.raw`|[.-]\p{L}`), 'u') : undefined
  return (text, lowerText = text.toLowerCase()) =>
    (caselessPattern !== undefined &&
      firstWords.some((word) => lowerText.includes(word)) &&
      caselessPattern.test(text)) ||
    (exactPattern !== undefined && exact.some((spelling) => text.includes(spelling)) && exactPattern.test(text))
}

/** "A, B, C and 4 more": a list a coach can read out. */
export function listOf(items: string[], max = 10): string {
  if (items.length <= max) {
    return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
  }
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`
}

/** A statement quoted in a reason: its first words, cut at a word. */
export function quote(text: string, max = 70): string {
  if (text.length <= max) return `"${text}"`
  const cut = text.slice(0, max)
  return `"${cut.slice(0, cut.lastIndexOf(' ') > 20 ? cut.lastIndexOf(' ') : max)}…"`
}

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

export const clampScore = (score: number) => Math.max(0, Math.min(100, Math.round(score)))
