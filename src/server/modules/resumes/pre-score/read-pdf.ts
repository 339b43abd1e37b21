import { getResolvedPDFJS } from 'unpdf'

// The text of an uploaded resume, read with unpdf (pdf.js for Node) on our own
// server, never a third-party service (issue 16).

/** What the pre-score reads: the page count, the text of each page and all of it. */
export type ResumePdf = { pages: number; text: string; pageTexts: string[] }

/**
 * Text is read from at most this many pages (the page count is still the real one):
 * a 5 MB upload can hold thousands of blank pages, and no resume needs more.
 */
export const maxPagesRead = 30

export type UnreadableReason = 'encrypted' | 'damaged'

const unreadableMessages: Record<UnreadableReason, string> = {
  encrypted: 'The PDF is password-protected, so its text could not be read.',
  damaged: 'The PDF is damaged, so its text could not be read.',
}

/** A PDF whose text cannot be read at all: damaged, not a PDF, or locked by a password. */
export class UnreadablePdfError extends Error {
  override name = 'UnreadablePdfError'
  readonly reason: UnreadableReason

  constructor(reason: UnreadableReason, options?: { cause?: unknown }) {
    super(unreadableMessages[reason], options)
    this.reason = reason
  }
}

/** pdf.js names its exceptions (PasswordException, InvalidPDFException, ...) rather than exporting classes we could test with instanceof. */
function reasonOf(error: unknown): UnreadableReason {
  return error instanceof Error && error.name === 'PasswordException' ? 'encrypted' : 'damaged'
}

type PdfDocument = Awaited<ReturnType<Awaited<ReturnType<typeof getResolvedPDFJS>>['getDocument']>['promise']>

/** The text of one page, a line break wherever pdf.js saw the end of a line. */
async function pageText(document: PdfDocument, pageNumber: number) {
  const page = await document.getPage(pageNumber)
  try {
    const content = await page.getTextContent()
    return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('')
  } finally {
    page.cleanup()
  }
}

/** The PDF's text and page count; throws UnreadablePdfError for a damaged or encrypted PDF. */
export async function readResumePdf(bytes: Uint8Array): Promise<ResumePdf> {
  const { getDocument } = await getResolvedPDFJS()
  // pdf.js takes over (detaches) the buffer it is given: hand it a copy, so the
  // caller's bytes (often a view into Node's shared Buffer pool) stay whole.
  // Its own loading task (not unpdf's getDocumentProxy) so a PDF that fails half
  // way is released too. No console noise for each odd font (verbosity 0): a PDF
  // that cannot be read throws anyway.
  const loading = getDocument({ data: new Uint8Array(bytes), useSystemFonts: true, verbosity: 0 })
  try {
    const document = await loading.promise
    const pages = document.numPages
    if (!Number.isInteger(pages) || pages < 1) throw new Error('The PDF has no pages')
    const pageTexts: string[] = []
    for (let pageNumber = 1; pageNumber <= Math.min(pages, maxPagesRead); pageNumber++) {
      pageTexts.push(await pageText(document, pageNumber))
    }
    return { pages, text: pageTexts.join('\n'), pageTexts }
  } catch (error) {
    throw new UnreadablePdfError(reasonOf(error), { cause: error })
  } finally {
    await loading.destroy().catch(() => undefined)
  }
}
