import { describe, expect, test } from 'vitest'
import { linkify } from './linkify.ts'

describe('links in a chat message', () => {
  test('plain text stays one text part', () => {
    expect(linkify('Hello, coach!\nSee you soon.')).toEqual([{ kind: 'text', text: 'Hello, coach!\nSee you soon.' }])
  })

  test('http and https addresses become links, the text around them stays text', () => {
    expect(linkify('Read https://example.com/a?b=1#c and http://example.org now')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://example.org', href: 'http://example.org/' },
      { kind: 'text', text: ' now' },
    ])
  })

  test('the punctuation ending a sentence or a bracket is not part of the link', () => {
    expect(linkify('See https://example.com/jobs.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/jobs', href: 'https://example.com/jobs' },
      { kind: 'text', text: '.' },
    ])
    expect(linkify('(https://example.com/x), and https://en.wikipedia.org/wiki/Foo_(bar)!')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://example.com/x', href: 'https://example.com/x' },
      { kind: 'text', text: '), and ' },
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
        href: 'https://en.wikipedia.org/wiki/Foo_(bar)',
      },
      { kind: 'text', text: '!' },
    ])
  })

  test('other schemes and markup stay text', () => {
    const content = 'javascript:alert(1) <a href="https://evil.example">x</a> data:text/html,hi ftp://example.com'
    const parts = linkify(content)
    expect(parts.filter((part) => part.kind === 'link').map((part) => part.href)).toEqual(['https://evil.example/'])
    expect(parts.map((part) => part.text).join('')).toBe(content)
  })

  test('a bare scheme is no link', () => {
    expect(linkify('try https:// later')).toEqual([{ kind: 'text', text: 'try https:// later' }])
  })
})
