import { describe, expect, it } from 'vitest'
import { withPageHead } from './page-head.ts'

const shell = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="The app's own description."
    />
    <title>Prestige Labs</title>
  </head>
  <body><div id="root"></div></body>
</html>`

describe('withPageHead', () => {
  const head = {
    title: 'Salary talks & "offers" <done right>',
    description: "What to say when they ask for a number; it's easier than you think.",
    imageUrl: 'https://labs.example/api/blog/images/1?v=2',
    url: 'https://labs.example/blog/1',
  }

  it("puts the page's title and description in place of the app's, escaped", () => {
    const html = withPageHead(shell, head)
    expect(html).toContain('<title>Salary talks &amp; &quot;offers&quot; &lt;done right&gt; | Prestige Labs</title>')
    expect(html).toContain(
      '<meta name="description" content="What to say when they ask for a number; it&#39;s easier than you think." />',
    )
    expect(html).not.toContain("The app's own description.")
    expect(html).not.toContain('<done right>')
  })

  it('adds the Open Graph and Twitter tags inside the head', () => {
    const html = withPageHead(shell, head)
    const inHead = html.slice(0, html.indexOf('</head>'))
    expect(inHead).toContain('<meta property="og:type" content="article" />')
    expect(inHead).toContain('<meta property="og:url" content="https://labs.example/blog/1" />')
    expect(inHead).toContain('<meta property="og:image" content="https://labs.example/api/blog/images/1?v=2" />')
    expect(inHead).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(inHead).toContain('<link rel="canonical" href="https://labs.example/blog/1" />')
  })

  it('leaves the image tag out when the post has no picture', () => {
    const html = withPageHead(shell, { ...head, imageUrl: null })
    expect(html).not.toContain('og:image')
    expect(html).toContain('<meta name="twitter:card" content="summary" />')
  })

  it('takes replacement patterns in the text literally', () => {
    expect(withPageHead(shell, { ...head, title: "$& and $' and $1" })).toContain(
      '<title>$&amp; and $&#39; and $1 | Prestige Labs</title>',
    )
  })
})
