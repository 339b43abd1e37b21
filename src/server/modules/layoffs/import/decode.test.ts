import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { fixturePath } from '#server/testing/files.ts'
import { decodeCsv } from './decode.ts'

// An uploaded CSV's bytes to text, whatever program saved it (issue 19).

const utf16 = (text: string, endian: 'le' | 'be', bom: boolean) => {
  const bytes = Buffer.from((bom ? '\uFEFF' : '') + text, 'utf16le')
  if (endian === 'be') bytes.swap16()
  return new Uint8Array(bytes)
}

describe('CSV text encodings', () => {
  test('UTF-8, with or without a BOM, reads the same and loses the BOM', () => {
    const text = 'Company,State\nCafé Ünïcode,MD\n'
    expect(decodeCsv(Buffer.from(text))).toEqual({ text, encoding: 'utf-8' })
    expect(decodeCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({
      text,
      encoding: 'utf-8',
    })
  })

  test('UTF-16 in either byte order, with a BOM or told by its NUL bytes', () => {
    const text = 'Employer;Workers\nAcme;42\n'
    expect(decodeCsv(utf16(text, 'le', true))).toEqual({ text, encoding: 'utf-16le' })
    expect(decodeCsv(utf16(text, 'be', true))).toEqual({ text, encoding: 'utf-16be' })
    expect(decodeCsv(utf16(text, 'le', false))).toEqual({ text, encoding: 'utf-16le' })
    expect(decodeCsv(utf16(text, 'be', false))).toEqual({ text, encoding: 'utf-16be' })
  })

  test('bytes that are not UTF-8 are Windows-1252 (Excel on Windows)', () => {
    // 'Descripción', 'smart “quotes”' and '€' as Windows-1252 bytes
    const bytes = new Uint8Array([...Buffer.from('Descripci'), 0xf3, 0x6e, 0x2c, 0x93, 0x71, 0x94, 0x2c, 0x80, 0x0a])
    expect(decodeCsv(bytes)).toEqual({ text: 'Descripción,“q”,€\n', encoding: 'windows-1252' })
  })

  test('CRLF and lone CR line breaks become LF', () => {
    expect(decodeCsv(Buffer.from('a,b\r\n"x\r\ny",2\r3,4\r')).text).toBe('a,b\n"x\ny",2\n3,4\n')
  })

  test('the messy fixtures decode in their own encodings', () => {
    const read = (...parts: string[]) => decodeCsv(readFileSync(fixturePath('messy_csv', ...parts)))
    const utf16File = read('messytables', 'utf-16le_encoded.csv')
    expect(utf16File.encoding).toBe('utf-16le')
    expect(utf16File.text.startsWith('Organisation_code,Organisation_name,')).toBe(true)
    const latin = read('messytables', 'spanish_chars.csv')
    expect(latin.encoding).toBe('windows-1252')
    expect(latin.text.split('\n')[0]).toBe('GF_ID,FN_ID,SF_ID,GF,F,SF,Gasto total 2011,Descripción')
    expect(latin.text).not.toContain('\r')
    expect(read('messytables', 'utf8bom.csv')).toEqual({ text: 'kitten,win', encoding: 'utf-8' })
    expect(read('papaparse', 'utf-8-bom-sample.csv').text).toBe('A,B,C\nX,Y,Z\n')
  })

  test('an empty file is empty text', () => {
    expect(decodeCsv(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' })
  })
})
