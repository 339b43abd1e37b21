import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { fixturePath } from '#server/testing/files.ts'
import type { ScoreCriterion } from '#shared/resumes/constants.ts'
import { totalScoreOf } from '#shared/resumes/scoring.ts'
import { preScoreResume, readResumePdf, UnreadablePdfError, type ResumePdf } from './pre-score.ts'

// The automatic pre-score of issue 16 on the real resumes of ../shared/fixtures
// (see SOURCES.md) and on PDFs built here: a scanned image, a damaged file, a
// password-protected one.

const fixture = (name: string) => new Uint8Array(readFileSync(fixturePath('resumes', name)))
const noSkills = { skills: [], source: '' }

// ---------- PDFs built by hand ----------

/** A PDF of the given objects (numbered from 1; object 1 is the catalog) with a correct cross-reference table. */
function buildPdf(objects: Array<string | Buffer>, trailerExtra = ''): Uint8Array {
  const parts = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  const offsets: number[] = []
  let length = parts[0]!.length
  objects.forEach((body, index) => {
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ])
    offsets.push(length)
    parts.push(object)
    length += object.length
  })
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  )
  return new Uint8Array(Buffer.concat(parts))
}

const stream = (dictionary: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')])

/** What a scanner makes of a resume: a photo of the page, as JPEG. */
async function scannedPage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="612" height="792">
    <rect width="100%" height="100%" fill="#f4f1ea"/>
    <text x="60" y="90" font-size="28" font-family="sans-serif">Jane Doe</text>
    <text x="60" y="140" font-size="16" font-family="sans-serif">Experience: Data Analyst, 2019 - Present</text>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer()
}

type Page = { lines?: string[]; image?: Buffer }

/**
 * A PDF whose pages hold lines of real text (Helvetica), a full-page image, or
 * both. Objects: 1 catalog, 2 pages, 3 font, then per page: page, content, image.
 */
function pdfOf(pages: Page[]): Uint8Array {
  const objects: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '', // the page tree, once the pages' numbers are known
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]
  const kids: string[] = []
  for (const page of pages) {
    const pageNumber = objects.length + 1
    const contentNumber = pageNumber + 1
    const imageNumber = pageNumber + 2
    kids.push(`${pageNumber} 0 R`)
    const escape = (line: string) => line.replace(/[\\()]/g, '\\$&')
    const text = (page.lines ?? []).map(
      (line, index) => `BT /F1 10 Tf 50 ${740 - index * 14} Td (${escape(line)}) Tj ET`,
    )
    const drawing = [...(page.image ? ['q 612 0 0 792 0 0 cm /Im0 Do Q'] : []), ...text].join('\n')
    const xobjects = page.image ? `/XObject << /Im0 ${imageNumber} 0 R >>` : ''
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> ${xobjects} >> /Contents ${contentNumber} 0 R >>`,
      stream('', Buffer.from(drawing, 'latin1')),
    )
    if (page.image) {
      objects.push(
        stream(
          '/Type /XObject /Subtype /Image /Width 612 /Height 792 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
          page.image,
        ),
      )
    }
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`
  return buildPdf(objects)
}

/** A PDF locked by the standard security handler with a user password nobody here knows. */
function passwordProtectedPdf(): Uint8Array {
  const hex = (bytes: Buffer) => `<${bytes.toString('hex')}>`
  return buildPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>',
      `<< /Filter /Standard /V 1 /R 2 /O ${hex(randomBytes(32))} /U ${hex(randomBytes(32))} /P -4 >>`,
      stream('', Buffer.from('BT /F1 12 Tf 72 700 Td (Secret) Tj ET')),
    ],
    `/Encrypt 4 0 R /ID [${hex(randomBytes(16))} ${hex(randomBytes(16))}] `,
  )
}

/** A short, sound resume in plain lines, for rules the fixtures do not show. */
const plainResume = [
  'Jane Doe',
  'jane.doe@example.com | +1 555 010 0199',
  'Work Experience',
  'Data Analyst, Northwind Traders Mar 2021 - Present',
  '• Built 12 Tableau dashboards used by 300+ sales staff every week.',
  '• Reduced the monthly close by 3 days by automating reconciliations in Python and SQL.',
  '• Led a team of 4 analysts through a migration to the new data warehouse.',
  'Junior Analyst, Contoso Jan 2019 - Feb 2021',
  '• Improved forecast accuracy by 18% with a seasonal model in Excel.',
  '• Designed the weekly revenue report read by the leadership team.',
  'Education',
  'BSc Statistics, University of Leeds Sep 2015 - Jun 2018',
  'Skills',
  'Python, SQL, Tableau, Excel, forecasting, stakeholder communication',
]
const textPdf = (lines: string[]): ResumePdf => {
  const text = lines.join('\n')
  return { pages: 1, text, pageTexts: [text] }
}

// ---------- the real resumes ----------

type Expected = {
  file: string
  pages: number
  known: string[]
  scores: Record<ScoreCriterion, number>
  sections: { experience: string | undefined; education: string | undefined; skills: string | undefined }
}

// Exact scores, so that any change in the rules shows up here and is looked at.
const fixtures: Expected[] = [
  {
    file: 'sb2nov_sourabh_bajaj_resume.pdf',
    pages: 1,
    known: ['Sourabh Bajaj', 'sourabh@sourabhbajaj.com', 'Georgia Institute of Technology'],
    scores: { keyword: 100, format: 88, content: 35, ats: 100 },
    // this resume has no skills section: its tools are named in the bullets only
    sections: { experience: 'Experience', education: 'Education', skills: undefined },
  },
  {
    file: 'awesome_cv_example_resume.pdf',
    pages: 3,
    known: ['Byungjin Park', 'posquit0.bj@gmail.com', 'Work Experience'],
    scores: { keyword: 100, format: 75, content: 92, ats: 96 },
    sections: { experience: 'Work Experience', education: 'Education', skills: undefined },
  },
  {
    file: 'awesome_cv_example_cv.pdf',
    pages: 5,
    known: ['Claud D. Park', 'posquit0.bj@gmail.com', 'Kubernetes'],
    scores: { keyword: 100, format: 77, content: 86, ats: 96 },
    sections: { experience: 'Experience', education: 'Education', skills: 'Skills' },
  },
  {
    file: 'rendercv_john_doe_engineeringresumes.pdf',
    pages: 3,
    known: ['John Doe', 'john.doe@email.com', 'Princeton University'],
    scores: { keyword: 100, format: 87, content: 92, ats: 100 },
    sections: { experience: 'Experience', education: 'Education', skills: 'Skills' },
  },
  {
    file: 'rendercv_john_doe_moderncv.pdf',
    pages: 3,
    known: ['John Doe', 'john.doe@email.com', 'Princeton University'],
    scores: { keyword: 100, format: 87, content: 92, ats: 90 },
    sections: { experience: 'Experience', education: 'Education', skills: 'Skills' },
  },
]

describe('reading a resume PDF', () => {
  test.each(fixtures)('$file: its pages and text are read', async ({ file, pages, known }) => {
    const pdf = await readResumePdf(fixture(file))
    expect(pdf.pages).toBe(pages)
    expect(pdf.pageTexts).toHaveLength(pages)
    expect(pdf.text).toBe(pdf.pageTexts.join('\n'))
    for (const text of known) expect(pdf.text).toContain(text)
  })

  test("the caller's bytes are left whole (pdf.js takes over the buffer it reads)", async () => {
    const bytes = readFileSync(fixturePath('resumes', 'sb2nov_sourabh_bajaj_resume.pdf'))
    const before = Buffer.from(bytes)
    await readResumePdf(bytes)
    expect(bytes.byteLength).toBe(before.byteLength)
    expect(Buffer.compare(bytes, before)).toBe(0)
  })

  test('a PDF without a text layer is read as pages with no text', async () => {
    const pdf = await readResumePdf(pdfOf([{ image: await scannedPage() }]))
    expect(pdf).toEqual({ pages: 1, text: '', pageTexts: [''] })
  })
})

describe('a PDF that cannot be read', () => {
  const damaged = async () => {
    const whole = fixture('awesome_cv_example_resume.pdf')
    return [
      ['a resume cut to half its length', whole.slice(0, whole.length >> 1)],
      ['random bytes behind a PDF header', new Uint8Array([...Buffer.from('%PDF-1.7\n'), ...randomBytes(4000)])],
      ['a file that is not a PDF at all', new Uint8Array(Buffer.from('This is plain text, not a resume.\n'))],
      ['an empty file', new Uint8Array()],
    ] as const
  }

  test('a damaged PDF throws UnreadablePdfError, never anything else', async () => {
    for (const [, bytes] of await damaged()) {
      const error = await readResumePdf(bytes).then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(UnreadablePdfError)
      expect(error).toMatchObject({ reason: 'damaged', message: 'The PDF is damaged, so its text could not be read.' })
    }
  })

  test('a password-protected PDF throws UnreadablePdfError saying so', async () => {
    const error = await readResumePdf(passwordProtectedPdf()).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(UnreadablePdfError)
    expect(error).toMatchObject({
      reason: 'encrypted',
      message: 'The PDF is password-protected, so its text could not be read.',
    })
    expect((error as Error).cause).toMatchObject({ name: 'PasswordException' })
  })
})

describe('the automatic pre-score', () => {
  test.each(fixtures)('$file: the same scores every time', async ({ file, pages, scores, sections }) => {
    const pdf = await readResumePdf(fixture(file))
    const suggestion = preScoreResume(pdf, noSkills)
    const scored = Object.fromEntries(
      Object.entries(suggestion.criteria).map(([criterion, { score }]) => [criterion, score]),
    )
    expect(scored).toEqual(scores)
    expect(suggestion.total).toBe(totalScoreOf(scores))
    expect(suggestion.pages).toBe(pages)
    expect(suggestion.textLength).toBeGreaterThan(3000)
    expect(preScoreResume(pdf, noSkills)).toEqual(suggestion)

    // every criterion says why, in sentences
    for (const { score, reasons } of Object.values(suggestion.criteria)) {
      expect(Number.isInteger(score) && score >= 0 && score <= 100).toBe(true)
      expect(reasons.length).toBeGreaterThan(0)
      for (const reason of reasons) expect(reason).toMatch(/^\S.*[.!?)]$/s)
    }

    // a real resume: contact details, dates, bullets and the sections it has
    const format = suggestion.criteria.format.reasons.join('\n')
    expect(format).toMatch(/Sections found: contact details \(e-mail/)
    for (const [section, heading] of Object.entries(sections)) {
      if (heading) expect(format).toContain(`${section} ("${heading}")`)
      else expect(format).toContain(`Missing: a ${section} section`)
    }
    expect(format).toMatch(/Found \d+ dates with their months/)
    expect(format).toMatch(/\d+ bullet points/)
    expect(suggestion.criteria.ats.reasons[0]).toMatch(/^Read \d+ characters of text from \d pages?/)
  })

  test('without target skills, common keywords are counted instead, and the reasons say so', async () => {
    const suggestion = preScoreResume(await readResumePdf(fixture('sb2nov_sourabh_bajaj_resume.pdf')), noSkills)
    expect(suggestion.targetSkills).toEqual([])
    expect(suggestion.criteria.keyword.reasons[0]).toBe(
      'No target skills were given (no goals, skills or chosen job), so common professional and technical keywords were counted instead.',
    )
    expect(suggestion.criteria.keyword.reasons[1]).toMatch(/^Found 21 common keywords: Python, REST, AWS, Docker/)
  })

  test('target skills: the reasons name the skills found and the ones missing', async () => {
    const pdf = await readResumePdf(fixture('rendercv_john_doe_engineeringresumes.pdf'))
    const suggestion = preScoreResume(pdf, {
      skills: ['Python', 'SQL', ' Kubernetes ', 'python', ''],
      source: "the member's goals and skills",
    })
    expect(suggestion.targetSkills).toEqual(['Python', 'SQL', 'Kubernetes'])
    expect(suggestion.targetSource).toBe("the member's goals and skills")
    expect(suggestion.criteria.keyword).toEqual({
      score: 67,
      reasons: [
        'Found 2 of 3 target skills: Python and Kubernetes; missing: SQL.',
        "The target skills come from the member's goals and skills.",
        'Name each missing skill the member really has, in the skills section and in the bullets that used it.',
      ],
    })
  })

  test("skills are whole words in any letter case: 'Node.js', 'C++', 'C#' and not 'Java' in 'JavaScript'", () => {
    const pdf = textPdf([
      ...plainResume,
      'Also: NODE.JS, c++ and C#; JavaScript; Go-to person; R.O.K. Army; Reacting fast',
    ])
    const skills = ['node.js', 'C++', 'c#', 'Java', 'Go', 'R', 'React', 'C', 'Python']
    expect(preScoreResume(pdf, { skills, source: 'a job' }).criteria.keyword.reasons[0]).toBe(
      'Found 4 of 9 target skills: node.js, C++, c# and Python; missing: Java, Go, R, React and C.',
    )
    const spelled = textPdf([...plainResume, 'Built services in NodeJS on k8s, data in Postgres and ML models'])
    expect(
      preScoreResume(spelled, { skills: ['Node.js', 'Kubernetes', 'PostgreSQL', 'machine learning'], source: '' })
        .criteria.keyword.score,
    ).toBe(100)
  })

  test('a PDF with no text layer (a scanned image) scores 0 on ATS, and says why', async () => {
    const pdf = await readResumePdf(pdfOf([{ image: await scannedPage() }]))
    const suggestion = preScoreResume(pdf, { skills: ['SQL'], source: 'a job' })
    expect(suggestion.textLength).toBe(0)
    expect(suggestion.criteria.ats).toEqual({
      score: 0,
      reasons: [
        'No text could be read from this PDF: it is most likely a scanned image or a picture of text. An ATS sees an empty page; export the resume from a word processor as a PDF with real text.',
      ],
    })
    expect(suggestion.criteria.keyword).toEqual({
      score: 0,
      reasons: ['No text could be read from this PDF, so its keywords could not be judged.'],
    })
    expect(suggestion.total).toBe(0)
  })

  test('a scan with only a name as text still scores 0 on ATS', async () => {
    const pdf = await readResumePdf(pdfOf([{ image: await scannedPage(), lines: ['Jane Doe'] }]))
    const suggestion = preScoreResume(pdf, noSkills)
    expect(suggestion.textLength).toBe(7)
    expect(suggestion.criteria.ats.score).toBe(0)
    expect(suggestion.criteria.ats.reasons[0]).toMatch(/^Only 7 characters of text could be read from this PDF/)
  })

  test('a page that is only an image costs ATS points, the text pages are judged as usual', async () => {
    const pdf = await readResumePdf(pdfOf([{ lines: plainResume }, { image: await scannedPage() }]))
    expect(pdf.pages).toBe(2)
    const suggestion = preScoreResume(pdf, noSkills)
    expect(suggestion.criteria.ats.score).toBe(65)
    expect(suggestion.criteria.ats.reasons).toContain(
      'Page 2 has almost no readable text: an image of text there is lost to an ATS.',
    )
    expect(suggestion.criteria.format.reasons[1]).toBe(
      'Sections found: contact details (e-mail and phone), experience ("Work Experience"), education ("Education") and skills ("Skills").',
    )
  })

  test('a sound plain resume gets its points, and its reasons', () => {
    const suggestion = preScoreResume(textPdf(plainResume), {
      skills: ['SQL', 'Python', 'Tableau', 'Excel', 'dbt', 'Looker'],
      source: 'the job Data Analyst at Northwind',
    })
    expect(suggestion.criteria.keyword.reasons[0]).toBe(
      'Found 4 of 6 target skills: SQL, Python, Tableau and Excel; missing: dbt and Looker.',
    )
    expect(suggestion.criteria.format.score).toBe(100)
    expect(suggestion.criteria.content.reasons).toEqual([
      'Found 3 statements with measurable results (numbers, %, $), such as "Built 12 Tableau dashboards used by 300+ sales staff every week.".',
      'Aim for at least 6: put a number on more of the achievements.',
      '5 of 5 bullets start with an action verb (Built, Reduced, Led, Improved and Designed).',
      "Only 102 words: too little for a recruiter to judge; describe each role's work and results.",
    ])
  })

  test('soft hyphens and ligatures are read as the reader sees them, not penalised', () => {
    const pdf = textPdf([
      ...plainResume,
      'Consulting Engineer Mar. 2010 \u00ad Aug. 2017',
      '• Designed a high\u00adimpact proﬁling tool for Con\u00ad',
      'sul and Kubernetes clusters, cutting costs by 30%.',
    ])
    const suggestion = preScoreResume(pdf, { skills: ['Consul', 'profiling', 'high-impact'], source: '' })
    expect(suggestion.criteria.keyword.reasons[0]).toBe('Found all 3 target skills: Consul, profiling and high-impact.')
    expect(suggestion.criteria.ats.score).toBe(100)
  })

  test('undecodable characters and icon glyphs cost ATS points', () => {
    const garbled = plainResume.map((line, index) => (index % 3 === 0 ? `${line} \ufffd\ufffd\ufffd` : line))
    const suggestion = preScoreResume(textPdf(['\uf0e0 jane@example.com \u{1f4f1}', ...garbled]), noSkills)
    expect(suggestion.criteria.ats.reasons.slice(1)).toEqual([
      '15 characters could not be decoded (shown as "�" or as font codes): the PDF\'s fonts lack a Unicode map, so an ATS reads them as garbage.',
      '2 icons (symbol-font or emoji glyphs) read as meaningless characters: an ATS skips them, so no icon should carry information that is not also written out.',
    ])
  })
})
