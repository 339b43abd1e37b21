import { describe, expect, test } from 'vitest'
import {
  Cursor,
  cursorMaxLength,
  email,
  emailMaxLength,
  optionalEmail,
  phone,
  requiredPhone,
  requiredText,
} from './fields.ts'

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('the field shapes every form shares', () => {
  test('an e-mail address is saved trimmed and in lower case, however it was typed', () => {
    expect(email('Invalid').parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com')
  })

  test('an empty e-mail field says the form is incomplete; a malformed or over-long one says the address is wrong', () => {
    const field = email('Please enter a valid email address', 'All fields are required')
    expect(messageOf(field.safeParse('   '))).toBe('All fields are required')
    expect(messageOf(field.safeParse(undefined))).toBe('All fields are required')
    expect(messageOf(field.safeParse('not-an-address'))).toBe('Please enter a valid email address')
    expect(messageOf(field.safeParse(`${'a'.repeat(emailMaxLength)}@example.com`))).toBe(
      'Please enter a valid email address',
    )
  })

  test('an optional e-mail may be left empty, and a wrong one is still refused', () => {
    const field = optionalEmail('Please enter a valid contact email address')
    expect(field.parse('')).toBe('')
    expect(field.parse(undefined)).toBeUndefined()
    expect(field.parse(' Hiring@Example.com ')).toBe('hiring@example.com')
    expect(messageOf(field.safeParse('hiring@'))).toBe('Please enter a valid contact email address')
  })

  test('phone numbers written the usual ways, international or local, are accepted as typed', () => {
    for (const number of [
      '+44 20 7946 0958',
      '(617) 555-0100',
      '+1 (555) 123-4567',
      '617.555.0100',
      '555 1234 567',
      '+1 555 0100',
    ]) {
      expect(phone('Invalid phone', 30).parse(` ${number} `)).toBe(number)
    }
  })

  test('a phone number with letters, too few digits or too many characters is refused with the form’s message', () => {
    for (const number of ['call me', '555-CALL-NOW', '12345', '(((---)))', '12+34+5678', '1'.repeat(21)]) {
      expect(messageOf(phone('Invalid phone', 20).safeParse(number))).toBe('Invalid phone')
    }
  })

  test('an empty required phone field says the form is incomplete, not that the number is wrong', () => {
    expect(messageOf(requiredPhone('All fields are required', 'Invalid phone', 30).safeParse(''))).toBe(
      'All fields are required',
    )
  })

  test('required text is trimmed, must not be blank, and an over-long text says the form’s own words', () => {
    const field = requiredText('Please fill in the name', 5, 'Names can be at most 5 characters.')
    expect(field.parse('  Ada  ')).toBe('Ada')
    expect(messageOf(field.safeParse('   '))).toBe('Please fill in the name')
    expect(messageOf(field.safeParse('Lovelace'))).toBe('Names can be at most 5 characters.')
  })

  test('a next-page cursor is the token the server wrote, and anything else is refused', () => {
    expect(Cursor.parse(undefined)).toBeUndefined()
    expect(Cursor.parse('abc_DEF-12')).toBe('abc_DEF-12')
    expect(Cursor.parse('a'.repeat(cursorMaxLength))).toBe('a'.repeat(cursorMaxLength))
    expect(messageOf(Cursor.safeParse('a'.repeat(cursorMaxLength + 1)))).toBe('Invalid cursor')
    expect(messageOf(Cursor.safeParse(''))).toBe('Invalid cursor')
    expect(messageOf(Cursor.safeParse("1' OR 1=1"))).toBe('Invalid cursor')
  })
})
