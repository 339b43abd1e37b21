import { createHash } from 'node:crypto'
import {
  parseFeed as parseAnyFeed,
  type AnyFeed,
  type AtomFeed,
  type JsonFeed,
  type MediaNs,
  type RdfFeed,
  type RssFeed,
} from 'feedsmith'

// The newsletter feed read into the blog's items (issue 18; spec 001 §3 Blog feed
// item): RSS, Atom, RDF and JSON Feed, each format's own fields mapped once here.
// HTML is returned as the feed gives it; it is sanitised where it is shown.

export type FeedItem = {
  /** Stable across fetches: the feed's guid or id, else the link, else a hash of title and date. */
  guid: string
  /** Empty when the feed gives the item no title (RSS allows it). */
  title: string
  link: string | null
  publishedAt: Date | null
  /** The fuller of the item's description, summary and content, as HTML. */
  summaryHtml: string | null
  imageUrl: string | null
}

export type ParsedFeed = { title: string | null; items: FeedItem[] }

export class FeedParseError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'FeedParseError'
  }
}

/** One item's fields before the choices every format shares (which link, date, HTML and image win). */
type ItemFields = {
  id: string | undefined
  title: string | undefined
  links: Array<string | undefined>
  dates: Array<string | undefined>
  /** Every HTML body the item has, the content first (the likelier to hold an image). */
  htmls: Array<string | undefined>
  /** spec 001 §7: thumbnails first, then image enclosures, then the first image in the HTML. */
  thumbnails: Array<string | undefined>
  imageEnclosures: Array<string | undefined>
}

/** The feed's title and items; a FeedParseError when `text` is not RSS, Atom, RDF or JSON Feed. */
export function parseFeed(text: string): ParsedFeed {
  if (!text.trim()) throw new FeedParseError('The feed is empty')
  let parsed: AnyFeed
  try {
    parsed = parseAnyFeed(text)
  } catch (error) {
    // the usual mistake: the newsletter's home page given instead of its feed
    if (/^\s*(<!doctype html|<html)/i.test(text))
      throw new FeedParseError('The address gives a web page, not a feed: use the address of its RSS or Atom feed', {
        cause: error,
      })
    throw new FeedParseError('The feed is not RSS, Atom, RDF or JSON Feed', { cause: error })
  }
  const { title, fields } = feedFields(parsed)
  return { title: oneLine(title) || null, items: fields.map(feedItem) }
}

function feedFields(parsed: AnyFeed): { title: string | undefined; fields: ItemFields[] } {
  switch (parsed.format) {
    case 'rss':
      return { title: parsed.feed.title, fields: (parsed.feed.items ?? []).map(rssFields) }
    case 'atom':
      return { title: parsed.feed.title?.value, fields: (parsed.feed.entries ?? []).map(atomFields) }
    case 'rdf':
      return { title: parsed.feed.title, fields: (parsed.feed.items ?? []).map(rdfFields) }
    case 'json':
      return { title: parsed.feed.title, fields: (parsed.feed.items ?? []).map(jsonFields) }
  }
}

function rssFields(item: RssFeed.Item<string>): ItemFields {
  // a guid is a permalink unless it says otherwise (RSS 2.0)
  const permalink = item.guid?.isPermaLink !== false ? item.guid?.value : undefined
  return {
    id: item.guid?.value,
    title: item.title,
    links: [item.link, permalink],
    dates: [item.pubDate, item.dc?.dates?.[0], item.atom?.published, item.atom?.updated],
    htmls: [item.content?.encoded, item.description],
    thumbnails: [...mediaImages(item.media), item.itunes?.image],
    imageEnclosures: (item.enclosures ?? []).filter((file) => isImage(file.url, file.type)).map((file) => file.url),
  }
}

function atomFields(entry: AtomFeed.Entry<string>): ItemFields {
  const links = entry.links ?? []
  // rel defaults to alternate; the HTML page is the one a reader follows
  const alternates = links.filter((link) => (link.rel ?? 'alternate') === 'alternate')
  return {
    id: entry.id,
    title: entry.title?.value,
    links: [...alternates.filter((link) => !link.type || link.type === 'text/html'), ...alternates].map(
      (link) => link.href,
    ),
    dates: [entry.published, entry.updated, entry.dc?.dates?.[0]],
    htmls: [atomHtml(entry.content), atomHtml(entry.summary)],
    thumbnails: [...mediaImages(entry.media), entry.itunes?.image],
    imageEnclosures: links
      .filter((link) => link.rel === 'enclosure' && isImage(link.href, link.type))
      .map((link) => link.href),
  }
}

function rdfFields(item: RdfFeed.Item<string>): ItemFields {
  return {
    id: item.rdf?.about,
    title: item.title,
    links: [item.link],
    dates: [item.dc?.dates?.[0], item.dcterms?.modified?.[0]],
    htmls: [item.content?.encoded, item.description],
    thumbnails: mediaImages(item.media),
    imageEnclosures: [],
  }
}

function jsonFields(item: JsonFeed.Item<string>): ItemFields {
  return {
    id: item.id,
    title: item.title,
    links: [item.url, item.external_url],
    dates: [item.date_published, item.date_modified],
    htmls: [
      item.content_html,
      item.summary && escapeHtml(item.summary),
      item.content_text && escapeHtml(item.content_text),
    ],
    thumbnails: [item.image, item.banner_image],
    imageEnclosures: (item.attachments ?? [])
      .filter((file) => isImage(file.url, file.mime_type))
      .map((file) => file.url),
  }
}

function feedItem(fields: ItemFields): FeedItem {
  const title = oneLine(fields.title)
  const link = firstOf(fields.links.map(httpUrl))
  const publishedAt = firstOf(fields.dates.map(parseDate))
  const htmls = fields.htmls.filter((html): html is string => !!html?.trim())
  const summaryHtml = htmls.reduce<string | null>(
    (fuller, html) => (html.length > (fuller?.length ?? 0) ? html : fuller),
    null,
  )
  const imageUrl = firstOf([
    ...[...fields.thumbnails, ...fields.imageEnclosures].map(httpUrl),
    ...htmls.map(firstImageSource),
  ])
  const guid =
    fields.id?.trim() ||
    link ||
    createHash('sha256')
      .update(`${title}\n${publishedAt?.toISOString() ?? ''}`)
      .digest('hex')
  return { guid, title, link, publishedAt, summaryHtml, imageUrl }
}

/**
 * A Media RSS element's images, thumbnails before images of its content, the
 * widest first in each (a card shows a picture bigger than the usual 72-140 px
 * thumbnail when the feed offers one).
 */
function mediaImages(media: MediaNs.ItemOrFeed | undefined): string[] {
  if (!media) return []
  const groups = [media, ...(media.groups ?? [])]
  const contents = groups.flatMap((group) => group.contents ?? [])
  const thumbnails = [...groups, ...contents].flatMap((element) => element.thumbnails ?? [])
  const images = contents.filter((content) =>
    // medium is optional: a content that names no medium nor type is an image by its file name
    content.medium ? content.medium === 'image' : isImage(content.url, content.type),
  )
  return [...widestFirst(thumbnails), ...widestFirst(images)]
}

function widestFirst(images: Array<{ url?: string; width?: number }>): string[] {
  return images.toSorted((a, b) => (b.width ?? 0) - (a.width ?? 0)).flatMap((image) => (image.url ? [image.url] : []))
}

function isImage(url: string | undefined, type: string | undefined): boolean {
  if (type) return type.toLowerCase().startsWith('image/')
  return !!url && /\.(jpe?g|png|gif|webp|avif)$/i.test(URL.parse(url)?.pathname ?? '')
}

// Atom's text constructs: 'html' and 'xhtml' are HTML; 'text' is escaped to become
// HTML. An absent type is read as HTML, as feed readers do, since feeds that leave
// it out mostly carry HTML in it.
function atomHtml(text: { value?: string; type?: string } | undefined): string | undefined {
  return text?.type === 'text' && text.value ? escapeHtml(text.value) : text?.value
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The first http(s) <img> source in `html` that is a picture: a 1-pixel image is a
 * tracking pixel (FeedBurner puts one at the end of every post), not the post's image.
 */
function firstImageSource(html: string): string | null {
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const source = httpUrl(attribute(tag, 'src'))
    if (source && attribute(tag, 'width') !== '1' && attribute(tag, 'height') !== '1') return source
  }
  return null
}

/** An attribute's value in one HTML tag, with the character references a URL may hold decoded. */
function attribute(tag: string, name: string): string | undefined {
  const match = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i'))
  return (match?.[1] ?? match?.[2] ?? match?.[3])
    ?.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&amp;/g, '&')
}

/** `text` when it is an absolute http(s) URL: a feed's javascript: or data: link is dropped. */
function httpUrl(text: string | undefined): string | null {
  const url = text && URL.parse(text.trim())
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null
}

function parseDate(text: string | undefined): Date | null {
  const date = text ? new Date(text.trim()) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

const oneLine = (text: string | undefined) => text?.replace(/\s+/g, ' ').trim() ?? ''

const firstOf = <T>(values: Array<T | null>): T | null => values.find((value) => value !== null) ?? null
