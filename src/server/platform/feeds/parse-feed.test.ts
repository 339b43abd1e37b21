import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { fixturePath } from '#server/testing/files.ts'
import { FeedParseError, parseFeed, type FeedItem } from './parse-feed.ts'

const fixture = (name: string) => parseFeed(readFileSync(fixturePath('feeds', name), 'utf8'))

// Counts and values read off the fixture files themselves (../shared/fixtures/SOURCES.md).
const fixtures = [
  { name: 'substack_pennspark.rss.xml', title: 'Penn Spark Newsletter', items: 18, withImage: 18 },
  { name: 'medium_content_encoded.rss.xml', title: 'Food in Invironment on Medium', items: 7, withImage: 7 },
  { name: 'guardian_media_thumbnails.rss.xml', title: 'The Guardian', items: 55, withImage: 55 },
  // three heise posts carry no picture
  { name: 'heise_developer.atom.xml', title: 'heise developer neueste Meldungen', items: 15, withImage: 12 },
  // seven Blogger posts have only FeedBurner's 1-pixel tracker
  { name: 'blogger_feedburner.atom.xml', title: 'Google Ads Developer Blog', items: 25, withImage: 18 },
]

describe('each fixture feed', () => {
  test.each(fixtures)('$name parses to $items items with title, link and date', ({ name, title, items, withImage }) => {
    const feed = fixture(name)
    expect(feed.title).toBe(title)
    expect(feed.items).toHaveLength(items)
    for (const item of feed.items) {
      expect(item.title).not.toBe('')
      expect(item.link).toMatch(/^https?:\/\//)
      expect(item.publishedAt).toBeInstanceOf(Date)
      expect(item.summaryHtml).not.toBeNull()
    }
    expect(new Set(feed.items.map((item) => item.guid)).size).toBe(items)
    expect(feed.items.filter((item) => item.imageUrl?.match(/^https?:\/\//))).toHaveLength(withImage)
  })
})

describe('fields read from the fixtures', () => {
  test('a Substack post takes its image from the image enclosure and its text from content:encoded', () => {
    const [first] = fixture('substack_pennspark.rss.xml').items
    expect(first).toMatchObject<Partial<FeedItem>>({
      guid: 'https://pennspark.substack.com/p/fdao-first-day-of-apps-open',
      title: 'FDAO (First Day of Apps Open)',
      link: 'https://pennspark.substack.com/p/fdao-first-day-of-apps-open',
      publishedAt: new Date('2026-01-14T15:42:15Z'),
      imageUrl:
        'https://substackcdn.com/image/fetch/$s_!LUUy!,f_auto,q_auto:good,fl_progressive:steep/https%3A%2F%2Fsubstack-post-media.s3.amazonaws.com%2Fpublic%2Fimages%2F466cf56b-82cc-4c9e-b00e-eb46b272668b_1080x1080.heic',
    })
    // the description is one line; the post itself is in content:encoded
    expect(first!.summaryHtml).toMatch(/^<p>Live from Accenture Cafe, we are <em>so<\/em> back in Philly/)
  })

  test('a Medium post keeps its guid and takes the first image of its content', () => {
    const [first] = fixture('medium_content_encoded.rss.xml').items
    expect(first).toMatchObject<Partial<FeedItem>>({
      guid: 'https://medium.com/p/125af37d838f',
      title: 'THE CREATIVE FORAGER',
      link: 'https://medium.com/invironment/the-creative-forager-125af37d838f?source=rss----d12c403d4976--food',
      publishedAt: new Date('2018-04-09T18:55:38Z'),
      imageUrl: 'https://cdn-images-1.medium.com/max/938/1*C_nVpehD-NKBgtVEULabmQ.jpeg',
    })
  })

  test('a Guardian story takes the widest of its media:content pictures', () => {
    const [first] = fixture('guardian_media_thumbnails.rss.xml').items
    expect(first).toMatchObject<Partial<FeedItem>>({
      title: 'Trump State of the Union address promised unity but emphasized discord',
      publishedAt: new Date('2018-01-31T07:26:05Z'),
      imageUrl:
        'https://i.guim.co.uk/img/media/b73c8752cd4667c923dff7f1542f1fb20089e421/0_108_3000_1799/master/3000.jpg?w=460&q=55&auto=format&usm=12&fit=max&s=a606a273a90104e57b1e09bc4c0a1e11',
    })
  })

  test('a heise entry keeps its umlauts, its id and its alternate link', () => {
    const entries = fixture('heise_developer.atom.xml').items
    expect(entries[0]!.imageUrl).toBe(
      'http://www.heise.de/scale/geometry/264/q80/imgs/18/1/7/3/9/9/2/1/wildfly-2bf4ffd2935e38b6-90200def80b152e9-5ba35d3770232d92.jpeg',
    )
    expect(entries[5]).toMatchObject<Partial<FeedItem>>({
      guid: 'http://heise.de/-3088146',
      title: 'Der Pragmatische Architekt: Ein gutes Szenario',
      link: 'http://www.heise.de/developer/artikel/Ein-gutes-Szenario-3088146.html?wt_mc=rss.developer.beitrag.atom',
      publishedAt: new Date('2016-02-01T07:24:00Z'),
      imageUrl: null,
    })
  })

  test('a Blogger entry prefers its media:thumbnail, and a tracking pixel is no image', () => {
    const entries = fixture('blogger_feedburner.atom.xml').items
    expect(entries[12]).toMatchObject<Partial<FeedItem>>({
      guid: 'tag:blogger.com,1999:blog-7815614485808579332.post-6226147313744312031',
      title: 'Announcing BETA release of the new Ads PHP Client Library',
      link: 'http://feedproxy.google.com/~r/blogspot/lQlzL/~3/4fL4sqBFJ7Q/announcing-beta-release-of-new-ads-php.html',
      publishedAt: new Date('2016-02-22T17:44:00Z'),
      imageUrl: 'https://lh3.googleusercontent.com/-I5VHr9twxlU/AAAAAAAAAAI/AAAAAAAABoc/XKIvgIIEw7I/s72-c/photo.jpg',
    })
    expect(entries[3]).toMatchObject({ title: 'AdWords API v201509 sunset reminder', imageUrl: null })
  })
})

const rss = (item: string) =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" ` +
  `xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/">` +
  `<channel><title>Letters</title><item>${item}</item></channel></rss>`

const onlyItem = (xml: string) => parseFeed(xml).items[0]!

describe('the image of an item (spec 001 §7)', () => {
  const inContent = '<description><![CDATA[<p><img src="https://example.com/in-content.png"></p>]]></description>'
  const enclosure = '<enclosure url="https://example.com/enclosure.jpg" type="image/jpeg" length="0"/>'

  test('a thumbnail comes before an image enclosure and the content', () => {
    const thumbnail = '<media:thumbnail url="https://example.com/thumb.jpg"/>'
    expect(onlyItem(rss(`<title>a</title>${inContent}${enclosure}${thumbnail}`)).imageUrl).toBe(
      'https://example.com/thumb.jpg',
    )
  })

  test('a media:content image comes before an iTunes image', () => {
    const media = '<media:content url="https://example.com/media" medium="image"/>'
    const video = '<media:content url="https://example.com/clip.jpg" medium="video"/>'
    const itunes = '<itunes:image href="https://example.com/itunes.jpg"/>'
    expect(onlyItem(rss(`<title>a</title>${itunes}${video}${media}`)).imageUrl).toBe('https://example.com/media')
    expect(onlyItem(rss(`<title>a</title>${itunes}${video}`)).imageUrl).toBe('https://example.com/itunes.jpg')
  })

  test('an image enclosure comes before the content, and an audio enclosure is no image', () => {
    const audio = '<enclosure url="https://example.com/episode.mp3" type="audio/mpeg" length="1"/>'
    expect(onlyItem(rss(`<title>a</title>${inContent}${audio}${enclosure}`)).imageUrl).toBe(
      'https://example.com/enclosure.jpg',
    )
    expect(onlyItem(rss(`<title>a</title>${inContent}${audio}`)).imageUrl).toBe('https://example.com/in-content.png')
  })

  test('only http and https images are kept', () => {
    const item = onlyItem(
      rss(
        '<title>a</title><media:thumbnail url="javascript:alert(1)"/>' +
          '<description><![CDATA[<img src="data:image/png;base64,AAAA"><img src=\'https://example.com/second.png?a=1&amp;b=2\'>]]></description>',
      ),
    )
    expect(item.imageUrl).toBe('https://example.com/second.png?a=1&b=2')
  })
})

describe('the other fields of an item', () => {
  test('the fuller of description and content:encoded is the summary', () => {
    const item = onlyItem(
      rss(
        '<title>a</title><description>Short</description><content:encoded><![CDATA[<p>The whole post</p>]]></content:encoded>',
      ),
    )
    expect(item.summaryHtml).toBe('<p>The whole post</p>')
  })

  test('a javascript: link is dropped and the guid falls back to a hash of title and date', () => {
    const item = onlyItem(
      rss('<title> Hello\n  world </title><link>javascript:alert(1)</link><pubDate>bogus</pubDate>'),
    )
    expect(item).toMatchObject({
      title: 'Hello world',
      link: null,
      publishedAt: null,
      summaryHtml: null,
      imageUrl: null,
    })
    expect(item.guid).toMatch(/^[0-9a-f]{64}$/)
    expect(onlyItem(rss('<title> Hello\n  world </title>')).guid).toBe(item.guid)
  })

  test('without a guid the link identifies the item', () => {
    expect(onlyItem(rss('<title>a</title><link>https://example.com/a</link>')).guid).toBe('https://example.com/a')
  })

  test('an Atom text summary is escaped into HTML', () => {
    const atom =
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><id>urn:a</id><updated>2024-05-01T00:00:00Z</updated>' +
      '<entry><id>urn:a:1</id><title>1 &lt; 2</title><updated>2024-05-01T10:00:00Z</updated>' +
      '<link rel="enclosure" type="image/png" href="https://example.com/e.png"/><link href="https://example.com/1"/>' +
      '<summary type="text">x &lt; y &amp; z</summary></entry></feed>'
    expect(parseFeed(atom).items[0]).toEqual<FeedItem>({
      guid: 'urn:a:1',
      title: '1 < 2',
      link: 'https://example.com/1',
      publishedAt: new Date('2024-05-01T10:00:00Z'),
      summaryHtml: 'x &lt; y &amp; z',
      imageUrl: 'https://example.com/e.png',
    })
  })

  test('RDF and JSON Feed items are read too', () => {
    const rdf =
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" ' +
      'xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="https://example.com/"><title>R</title></channel>' +
      '<item rdf:about="https://example.com/r1"><title>R1</title><link>https://example.com/r1</link>' +
      '<dc:date>2024-02-03T04:05:06Z</dc:date></item></rdf:RDF>'
    expect(parseFeed(rdf)).toEqual({
      title: 'R',
      items: [
        {
          guid: 'https://example.com/r1',
          title: 'R1',
          link: 'https://example.com/r1',
          publishedAt: new Date('2024-02-03T04:05:06Z'),
          summaryHtml: null,
          imageUrl: null,
        },
      ],
    })
    const json = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'J',
      items: [
        {
          id: 'j1',
          url: 'https://example.com/j1',
          title: 'J1',
          content_html: '<p>Hi</p>',
          image: 'https://example.com/j1.png',
          date_published: '2024-03-04T05:06:07Z',
        },
      ],
    })
    expect(parseFeed(json).items).toEqual([
      {
        guid: 'j1',
        title: 'J1',
        link: 'https://example.com/j1',
        publishedAt: new Date('2024-03-04T05:06:07Z'),
        summaryHtml: '<p>Hi</p>',
        imageUrl: 'https://example.com/j1.png',
      },
    ])
  })
})

describe('what is not a feed', () => {
  test.each([
    ['an empty answer', '  \n', 'The feed is empty'],
    [
      'a web page',
      '<!DOCTYPE html><html><head><title>Our newsletter</title></head><body>Subscribe</body></html>',
      'The address gives a web page, not a feed: use the address of its RSS or Atom feed',
    ],
    ['garbage', 'garbage {{ <<', 'The feed is not RSS, Atom, RDF or JSON Feed'],
    [
      'some other XML',
      '<?xml version="1.0"?><note><to>Tove</to></note>',
      'The feed is not RSS, Atom, RDF or JSON Feed',
    ],
  ])('%s is refused with a readable message', (_, text, message) => {
    expect(() => parseFeed(text)).toThrow(new FeedParseError(message))
    expect(() => parseFeed(text)).toThrow(FeedParseError)
  })
})
