// Every uploaded video's second look (community post media, course lesson videos).
// storage.ts detectFileType, through file-type, judges a video by a few bytes at its
// start: any text whose characters 5-8 read "free" or "mdat" passes as QuickTime.
// A real movie's structure is walked instead.

type Span<T> = { type: T; body: number; end: number }

/** A video's container holds together: MP4 and QuickTime by their boxes, WebM by its EBML elements. */
export function isVideoContainer(data: Uint8Array, mime: string): boolean {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  if (mime === 'video/webm') return isWebm(bytes)
  // a movie needs its header (mvhd) and at least one track, whatever else it carries
  const movie = isoBoxes(bytes, 0, bytes.length)?.find((box) => box.type === 'moov')
  const inside = movie && isoBoxes(bytes, movie.body, movie.end)
  return !!inside?.some((box) => box.type === 'mvhd') && inside.some((box) => box.type === 'trak')
}

/**
 * The boxes of an ISO base media file (MP4, QuickTime, ISO/IEC 14496-12 §4.2) from
 * `start` to `end`, or undefined unless they fill it exactly: a 32-bit size (1: a
 * 64-bit size follows the type; 0: up to the end) and a four-character type.
 */
function isoBoxes(bytes: Buffer, start: number, end: number): Span<string>[] | undefined {
  const boxes: Span<string>[] = []
  for (let at = start; at < end;) {
    if (end - at < 8) return undefined
    let size = bytes.readUInt32BE(at)
    let header = 8
    if (size === 1) {
      if (end - at < 16) return undefined
      size = Number(bytes.readBigUInt64BE(at + 8))
      header = 16
    } else if (size === 0) size = end - at
    const type = bytes.toString('latin1', at + 4, at + 8)
    if (size < header || size > end - at || !/^[\x20-\x7e]{4}$/.test(type)) return undefined
    boxes.push({ type, body: at + header, end: at + size })
    at += size
  }
  return boxes
}

const ebml = { header: 0x1a45dfa3, docType: 0x4282, segment: 0x18538067, info: 0x1549a966, tracks: 0x1654ae6b }

/** EBML header with DocType "webm", then a Segment holding the stream's Info and Tracks (Matroska/WebM spec). */
function isWebm(bytes: Buffer): boolean {
  const [header, segment] = ebmlElements(bytes, 0, bytes.length) ?? []
  const docType =
    header?.type === ebml.header
      ? ebmlElements(bytes, header.body, header.end)?.find((e) => e.type === ebml.docType)
      : undefined
  if (
    !docType ||
    bytes.toString('latin1', docType.body, docType.end).replace(/\0+$/, '') !== 'webm' ||
    segment?.type !== ebml.segment
  )
    return false
  const children = ebmlElements(bytes, segment.body, segment.end)
  return !!children?.some((e) => e.type === ebml.info) && children.some((e) => e.type === ebml.tracks)
}

/** The EBML elements from `start` to `end`, or undefined unless they fill it exactly. */
function ebmlElements(bytes: Buffer, start: number, end: number): Span<number>[] | undefined {
  const elements: Span<number>[] = []
  for (let at = start; at < end;) {
    const id = ebmlNumber(bytes, at, 'id')
    const size = id && ebmlNumber(bytes, at + id.length, 'size')
    if (!id || !size) return undefined
    const body = at + id.length + size.length
    // an unknown size (a live recording, as browsers' MediaRecorder writes) runs to the end
    const elementEnd = size.unknown ? end : body + size.value
    if (body > end || elementEnd > end) return undefined
    elements.push({ type: id.value, body, end: elementEnd })
    at = elementEnd
  }
  return elements
}

/**
 * An EBML variable-length number: the leading zero bits of its first byte give its
 * length (1-8 bytes). An id keeps its length marker; a size drops it, and a size of
 * all ones means unknown.
 */
function ebmlNumber(bytes: Buffer, at: number, kind: 'id' | 'size') {
  const first = bytes[at]
  if (!first) return undefined
  const length = Math.clz32(first) - 23
  if (at + length > bytes.length || (kind === 'id' && length > 4)) return undefined
  const marker = 0xff >> length
  let value = kind === 'id' ? first : first & marker
  let allOnes = (first & marker) === marker
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!
    allOnes &&= bytes[at + i] === 0xff
  }
  return { length, value, unknown: kind === 'size' && allOnes }
}
