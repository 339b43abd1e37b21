// The app shell's <head> for a page that should preview well when its link is
// shared (a published blog post, decision 027): its own title and description,
// and the Open Graph and Twitter tags link previews read. Crawlers run no script,
// so these are written into the HTML the server sends.

export type PageHead = { title: string; description: string; imageUrl: string | null; url: string }

const siteName = 'Prestige Labs'

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character]!)

/** `indexHtml` with `head`'s title and description in place of the app's, and its sharing tags. */
export function withPageHead(indexHtml: string, head: PageHead): string {
  const title = escapeHtml(`${head.title} | ${siteName}`)
  const description = escapeHtml(head.description)
  const property = (name: string, value: string) => `<meta property="${name}" content="${escapeHtml(value)}" />`
  const named = (name: string, value: string) => `<meta name="${name}" content="${escapeHtml(value)}" />`
  const tags = [
    property('og:type', 'article'),
    property('og:site_name', siteName),
    property('og:title', head.title),
    property('og:description', head.description),
    property('og:url', head.url),
    ...(head.imageUrl ? [property('og:image', head.imageUrl)] : []),
    named('twitter:card', head.imageUrl ? 'summary_large_image' : 'summary'),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
  ]
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`)
}
