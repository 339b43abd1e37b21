import { describe, expect, it, test } from 'vitest'
import { htmlToText, markdownToSafeHtml, markdownToText, renderMarkdown } from './markdown.ts'

// Lessons (and the blog next) are written in Markdown by admins and shown as HTML:
// whatever is written, what reaches a member's page runs no script.

/** The page a member would get, as a DOM-free check: no tag or attribute that can run code. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<object|<embed|<style|<svg|<form|<input|<meta|<link/i)
  expect(html).not.toMatch(/\son\w+\s*=/i)
  expect(html).not.toMatch(/javascript:|vbscript:|data:/i)
}

describe('a lesson written in Markdown reads as formatted text', () => {
  test('headings, emphasis, lists, code and tables come out as HTML', () => {
    const html = renderMarkdown(
      [
        '# Reading the data',
        '',
        'Start with **the question** you want _answered_.',
        '',
        '- one',
        '- two',
        '',
        '```sql',
        'select 1 < 2',
        '```',
        '',
        '| a | b |',
        '|:-|-:|',
        '| 1 | 2 |',
      ].join('\n'),
    )
    expect(html).toContain('<h1>Reading the data</h1>')
    expect(html).toContain('<strong>the question</strong>')
    expect(html).toContain('<em>answered</em>')
    expect(html).toContain('<li>one</li>')
    expect(html).toContain('<code class="language-sql">select 1 &lt; 2')
    expect(html).toContain('<th align="left">a</th>')
  })

  test('a link to another site opens in a new tab without telling it where the reader came from', () => {
    expect(renderMarkdown('[SQL docs](https://www.postgresql.org/docs/)')).toContain(
      '<a href="https://www.postgresql.org/docs/" rel="noopener noreferrer" target="_blank">SQL docs</a>',
    )
  })

  test('a link inside the site stays in the same tab', () => {
    const html = renderMarkdown('[the next course](/courses/browse)')
    expect(html).toContain('<a href="/courses/browse" rel="noopener noreferrer">the next course</a>')
    expect(html).not.toContain('target')
  })

  test('an image from a web address shows', () => {
    expect(renderMarkdown('![A chart](https://example.com/chart.png)')).toContain(
      '<img src="https://example.com/chart.png" alt="A chart" />',
    )
  })

  test('an empty lesson is empty', () => {
    expect(renderMarkdown('')).toBe('')
    expect(renderMarkdown('  \n ')).toBe('')
  })
})

describe('hostile Markdown runs nothing in a reader’s browser', () => {
  test('a script tag is dropped with its content; the text around it stays', () => {
    const html = renderMarkdown('Before <script>fetch("/api/accounts/session")</script> after')
    expect(html).not.toContain('fetch(')
    expect(html).toContain('Before')
    expect(html).toContain('after')
    expectHarmless(html)
  })

  test('event handler attributes are removed (onerror, onclick, onload)', () => {
    const html = renderMarkdown(
      '<img src="https://example.com/x.png" onerror="alert(1)"> <a href="https://example.com" onclick="steal()">x</a> <p onmouseover="x()">hi</p> <svg onload=alert(1)>',
    )
    expectHarmless(html)
    expect(html).toContain('<img src="https://example.com/x.png" />')
    expect(html).toContain('<p>hi</p>')
  })

  test('javascript: links keep their text but lose their address, however they are spelled', () => {
    for (const markdown of [
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '<a href="&#106;avascript:alert(1)">click</a>',
      '<a href=" javascript:alert(1)">click</a>',
      '[click](vbscript:msgbox(1))',
    ]) {
      const html = renderMarkdown(markdown)
      expectHarmless(html)
      expect(html).toContain('>click</a>')
      expect(html).not.toContain('href')
    }
  })

  test('data: addresses are refused for links and images', () => {
    const link = renderMarkdown('[open](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)')
    expect(link).not.toContain('href')
    const image = renderMarkdown('![pixel](data:image/png;base64,iVBORw0KGgo=)')
    expect(image).not.toContain('<img')
    expectHarmless(link + image)
  })

  test('images load only from absolute http(s) addresses', () => {
    for (const source of ['/api/admin/users', '//evil.example/x.png', 'ftp://example.com/x.png', 'x']) {
      expect(renderMarkdown(`![x](${source})`)).not.toContain('<img')
    }
  })

  test('raw HTML frames, objects, forms and styles are removed', () => {
    const html = renderMarkdown(
      [
        '<iframe src="https://evil.example"></iframe>',
        '<object data="https://evil.example/x.swf"></object>',
        '<embed src="https://evil.example/x.swf">',
        '<form action="https://evil.example"><input name="password"></form>',
        '<style>body { display: none }</style>',
        '<meta http-equiv="refresh" content="0;url=https://evil.example">',
        'Still here.',
      ].join('\n\n'),
    )
    expectHarmless(html)
    expect(html).not.toContain('display: none')
    expect(html).toContain('Still here.')
  })

  test('a link cannot choose its own target or drop the no-opener', () => {
    const html = renderMarkdown('<a href="https://example.com" target="_self" rel="opener">x</a>')
    expect(html).toContain('rel="noopener noreferrer"')
    expect(html).toContain('target="_blank"')
    expect(html).not.toContain('_self')
  })

  test('classes and inline styles an author adds are dropped', () => {
    const html = renderMarkdown('<p class="fixed inset-0" style="position:fixed">cover</p>')
    expect(html).toBe('<p>cover</p>')
  })
})

describe('rendering once per text', () => {
  test('the same text gives the same HTML from the cache, and an edited text its own', () => {
    const first = renderMarkdown('Some **text**')
    expect(renderMarkdown('Some **text**')).toBe(first)
    expect(renderMarkdown('Some **text**!')).toBe(markdownToSafeHtml('Some **text**!'))
  })
})

describe('htmlToText', () => {
  it('keeps the words, drops tags, scripts and styles, and decodes what sanitize-html escapes', () => {
    expect(
      htmlToText('<p>Fish &amp; chips</p><p>are <b>"good"</b></p><script>alert(1)</script><style>p{}</style>'),
    ).toBe('Fish & chips are "good"')
  })

  it('reads entities a feed writes and collapses white space', () => {
    expect(htmlToText('Caf&eacute;\n\n  <br/>  &lt;b&gt; &#8220;quoted&#8221;')).toBe('Café <b> \u201cquoted\u201d')
  })
})

describe('markdownToText', () => {
  it('gives the text of the rendered Markdown', () => {
    expect(markdownToText('# Title\n\nSome **bold** and a [link](https://example.com).')).toBe(
      'Title Some bold and a link.',
    )
  })
})
