// An uploaded CSV's bytes to text (issue 19). State offices export from Excel and
// older systems: UTF-8 with or without a BOM, UTF-16 (Excel's "Unicode text"), or
// Windows-1252 (Excel's default "CSV" on Windows). A BOM says which; without one,
// NUL bytes give UTF-16 away, and bytes that are not valid UTF-8 are Windows-1252,
// which maps every byte to a character, so nothing is lost.

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

/** How many leading bytes the UTF-16 guess looks at: enough for a header and some rows. */
const sniffBytes = 4096

function bomEncoding(bytes: Uint8Array): CsvEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  return null
}

/**
 * Text in UTF-16 without a BOM: mostly ASCII, so every other byte is NUL (the odd
 * ones in little-endian, the even ones in big-endian). UTF-8 and Windows-1252 text
 * has no NULs at all.
 */
function utf16WithoutBom(bytes: Uint8Array): CsvEncoding | null {
  const length = Math.min(bytes.length, sniffBytes) & ~1
  if (length < 4) return null
  let evenNuls = 0
  let oddNuls = 0
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenNuls++
    if (bytes[i + 1] === 0) oddNuls++
  }
  const pairs = length / 2
  if (oddNuls > pairs * 0.3 && evenNuls < pairs * 0.05) return 'utf-16le'
  if (evenNuls > pairs * 0.3 && oddNuls < pairs * 0.05) return 'utf-16be'
  return null
}

/**
 * Windows-1252's characters for bytes 0x80 to 0x9F (curly quotes, dashes, €). Node 20's
 * TextDecoder decodes 'windows-1252' as Latin-1, which leaves them as C1 control
 * codes; text files never hold those, so mapping them is safe whichever decoder runs.
 * The five bytes Windows-1252 leaves undefined stay as they are.
 */
const windows1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'

/**
 * The file's text without its BOM, with every line break as `\n` (CRLF from Windows,
 * a lone CR from old Mac exports), so quoted line breaks and line numbers read the
 * same whatever wrote the file.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const known = bomEncoding(bytes) ?? utf16WithoutBom(bytes)
  // TextDecoder drops a BOM itself (ignoreBOM is false by default)
  if (known) return withLineFeeds(new TextDecoder(known).decode(bytes), known)
  try {
    return withLineFeeds(new TextDecoder('utf-8', { fatal: true }).decode(bytes), 'utf-8')
  } catch {
    const text = new TextDecoder('windows-1252').decode(bytes)
    return withLineFeeds(
      text.replace(/[\u0080-\u009f]/g, (char) => windows1252[char.charCodeAt(0) - 0x80]!),
      'windows-1252',
    )
  }
}

function withLineFeeds(text: string, encoding: CsvEncoding) {
  return { text: text.replace(/\r\n?/g, '\n'), encoding }
}
