import sharp from 'sharp'

/** An abstract banner for demo records (no text, so no fonts needed), as a JPEG the way an upload is stored. */
export function banner([from, to]: readonly [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="960" height="480" fill="url(#g)"/>
    <circle cx="760" cy="110" r="190" fill="#ffffff" fill-opacity="0.12"/>
    <circle cx="170" cy="430" r="150" fill="#ffffff" fill-opacity="0.08"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
}
