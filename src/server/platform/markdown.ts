import { createHash } from 'node:crypto'
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

// Markdown written by admins (course lessons; the blog next) becomes HTML here, on
// the server, and is sanitised before it leaves (ARCHITECTURE.md: no stored HTML
// reaches a page unsanitised). Raw HTML inside the Markdown is allowed through
// marked and then cut down by sanitize-html to the tags below: no script, no
// style, no frames, no event handlers, no javascript: or data: addresses.

const marked = new Marked({ gfm: true, breaks: false })

const allowedTags = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  'del',
  's',
  'sup',
  'sub',
  'kbd',
  'a',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
]

/** An absolute http(s) address: a link to it opens in a new tab, an image may load it. */
function isWebAddress(value: string | undefined): boolean {
  if (!value) return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    code: ['class'],
  },
  // the language marked names in a fenced block, for styling; no other class
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // script, style and their kind go with their content; any other tag not allowed leaves its text
  disallowedTagsMode: 'discard',
  transformTags: {
    // every link: no opener, no referrer; one to another site opens in a new tab
    a: (tagName, attribs) => {
      const { href, title } = attribs
      const external = isWebAddress(href)
      return {
        tagName,
        attribs: {
          ...(href === undefined ? {} : { href }),
          ...(title === undefined ? {} : { title }),
          rel: 'noopener noreferrer',
          ...(external ? { target: '_blank' } : {}),
        },
      }
    },
  },
  // an image only from an absolute http(s) address (no data:, no relative or protocol-relative paths)
  exclusiveFilter: (frame) => frame.tag === 'img' && !isWebAddress(frame.attribs.src),
}

/** Markdown to sanitised HTML (no caching; see `renderMarkdown`). */
export function markdownToSafeHtml(markdown: string): string {
  if (markdown.trim() === '') return ''
  const html = marked.parse(markdown, { async: false })
  return sanitizeHtml(html, sanitizeOptions)
}

// Lessons are read far more often than written: each text is rendered once per
// instance, kept by its hash (so an edit is a new entry), the oldest dropped first.
const cacheLimit = 500
const rendered = new Map<string, string>()

/** Markdown to sanitised HTML, safe to put in a page as it is. */
export function renderMarkdown(markdown: string): string {
  if (markdown.trim() === '') return ''
  const key = createHash('sha256').update(markdown).digest('base64')
  const cached = rendered.get(key)
  if (cached !== undefined) {
    // most recently used goes last
    rendered.delete(key)
    rendered.set(key, cached)
    return cached
  }
  const html = markdownToSafeHtml(markdown)
  rendered.set(key, html)
  if (rendered.size > cacheLimit) rendered.delete(rendered.keys().next().value!)
  return html
}

const textOnly: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  // script, style and their kind go with their content; other tags leave their text
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'title', 'head'],
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/**
 * HTML's text (a feed item's summary, a rendered post): no tag, no script's text,
 * one space for every run of white space. Plain text for a card or a meta tag,
 * which React or the caller escapes again where it is shown.
 */
export function htmlToText(html: string): string {
  // block ends become spaces, so 'a</p><p>b' does not read 'ab'
  const spaced = html.replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr|figcaption)>|<br\s*\/?>/gi, '$& ')
  return sanitizeHtml(spaced, textOnly)
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!)
    .replace(/\s+/g, ' ')
    .trim()
}

/** Markdown's text, for an excerpt taken from a post's content. */
export function markdownToText(markdown: string): string {
  return htmlToText(markdownToSafeHtml(markdown))
}
