// A chat message is plain text (issue 20): the page shows it as text and turns the
// http(s) addresses in it into links, nothing else. No markup is ever read from it.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

// an address runs to the next space; angle brackets and quotes end it too
const addressPattern = /\bhttps?:\/\/[^\s<>"']+/gi

// punctuation that ends a sentence rather than the address ('see https://x.org.')
const trailingPunctuation = /[.,;:!?*]+$/

/** Drops a closing bracket the address did not open ('(https://x.org/a)' keeps the link without ')'). */
function trimUnbalanced(address: string): string {
  let trimmed = address.replace(trailingPunctuation, '')
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
    ['{', '}'],
  ] as const) {
    while (trimmed.endsWith(close) && count(trimmed, close) > count(trimmed, open)) {
      trimmed = trimmed.slice(0, -1).replace(trailingPunctuation, '')
    }
  }
  return trimmed
}

const count = (text: string, char: string) => text.split(char).length - 1

/** The address as a link target, or null when it is not a well-formed http(s) URL. */
function hrefOf(address: string): string | null {
  try {
    const url = new URL(address)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** A message's text in order, its http(s) addresses apart as links. */
export function linkify(content: string): TextPart[] {
  const parts: TextPart[] = []
  let rest = 0
  const push = (text: string) => {
    if (!text) return
    const last = parts.at(-1)
    if (last?.kind === 'text') last.text += text
    else parts.push({ kind: 'text', text })
  }
  for (const match of content.matchAll(addressPattern)) {
    const address = trimUnbalanced(match[0])
    const href = hrefOf(address)
    const start = match.index
    if (!href || !address) continue
    push(content.slice(rest, start))
    parts.push({ kind: 'link', text: address, href })
    rest = start + address.length
  }
  push(content.slice(rest))
  return parts
}
