import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import sharp from 'sharp'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { plainText, solidPng } from '#server/testing/files.ts'
import { errorOf } from '#server/testing/errors.ts'
import { genericMessages } from '#shared/errors.ts'
import { profileMessages, type ProfileView } from '#shared/profile/schemas.ts'
import { skillMessages, type SkillView } from '#shared/profile/skills.ts'
import { avatarKey } from './service.ts'
import { listSkillNames } from './queries.ts'

const validProfile = {
  firstName: 'Grace',
  lastName: 'Hopper',
  dateOfBirth: '1990-12-09',
  gender: 'female',
  country: 'US',
  location: 'New York City NY',
  company: 'Prestige Labs',
  position: 'Staff Engineer',
  phoneNumber: '+1 (555) 010-2030',
  linkedinUrl: 'https://www.linkedin.com/in/grace',
  website: 'https://grace.example.com',
  experienceLevel: 'Senior Level',
  expertiseLevel: 'Lead',
  careerLevel: 'Individual contributor',
  industries: ['Technology', 'Finance'],
  careerFocus: ['Leadership', 'Cloud'],
}

function avatarForm(bytes: Buffer, name: string, type: string) {
  const form = new FormData()
  form.set('avatar', new File([new Uint8Array(bytes)], name, { type }))
  return form
}

async function profileOf(client: TestClient) {
  const response = await client.get('/api/profile/me')
  expect(response.status).toBe(200)
  return (await response.json()) as ProfileView
}

async function skillsOf(client: TestClient) {
  return ((await (await client.get('/api/profile/me/skills')).json()) as { skills: SkillView[] }).skills
}

function tomorrow() {
  return new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
}

describe('profile', () => {
  let t: TestApp
  let alice: TestClient & { member: { id: string } }
  let bob: TestClient & { member: { id: string } }

  beforeAll(async () => {
    t = await createTestApp()
    alice = await t.signedIn({ firstName: 'Alice', lastName: 'Owner' })
    bob = await t.signedIn({ firstName: 'Bob', lastName: 'Other' })
  })
  afterAll(async () => t?.close())

  test('a member reads their own profile with e-mail and name', async () => {
    const profile = await profileOf(alice)
    expect(profile).toMatchObject({
      id: alice.member.id,
      firstName: 'Alice',
      lastName: 'Owner',
      name: 'Alice Owner',
      avatarUrl: null,
      industries: [],
      careerFocus: [],
    })
    expect(profile.email).toMatch(/@example\.com$/)
  })

  test('visitors are asked to sign in', async () => {
    const visitor = t.client()
    expect((await visitor.get('/api/profile/me')).status).toBe(401)
    const refused = await visitor.put('/api/profile/me', validProfile)
    expect(refused.status).toBe(401)
    expect((await errorOf(refused)).message).toBe(genericMessages.authenticationRequired)
    expect((await visitor.get('/api/profile/me/skills')).status).toBe(401)
  })

  test('a member saves every field, and empty optional fields become null', async () => {
    const saved = await alice.put('/api/profile/me', validProfile)
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ ...validProfile, name: 'Grace Hopper' })
    expect(await profileOf(alice)).toMatchObject(validProfile)

    const cleared = await alice.put('/api/profile/me', {
      firstName: 'Alice',
      lastName: 'Owner',
      dateOfBirth: '',
      website: '  ',
      gender: '',
      country: '',
      careerFocus: ['', 'Growth', 'Growth'],
    })
    expect(cleared.status).toBe(200)
    expect(await cleared.json()).toMatchObject({
      dateOfBirth: null,
      website: null,
      gender: null,
      country: null,
      company: null,
      industries: [],
      careerFocus: ['Growth'],
    })
  })

  test.each([
    ['first name missing', { firstName: '  ' }, 'firstName', profileMessages.firstNameRequired],
    ['last name missing', { lastName: '' }, 'lastName', profileMessages.lastNameRequired],
    ['date of birth in the future', { dateOfBirth: tomorrow() }, 'dateOfBirth', profileMessages.dateOfBirthInFuture],
    ['date of birth not a date', { dateOfBirth: '12/09/1990' }, 'dateOfBirth', profileMessages.invalidDate],
    [
      'LinkedIn on another site',
      { linkedinUrl: 'https://example.com/in/grace' },
      'linkedinUrl',
      profileMessages.invalidLinkedin,
    ],
    [
      'LinkedIn over http',
      { linkedinUrl: 'http://linkedin.com/in/grace' },
      'linkedinUrl',
      profileMessages.invalidLinkedin,
    ],
    [
      'LinkedIn look-alike host',
      { linkedinUrl: 'https://linkedin.com.evil.io/in/x' },
      'linkedinUrl',
      profileMessages.invalidLinkedin,
    ],
    ['website without scheme', { website: 'grace.example.com' }, 'website', profileMessages.invalidWebsite],
    ['website with a script scheme', { website: 'javascript:alert(1)' }, 'website', profileMessages.invalidWebsite],
    ['phone with letters', { phoneNumber: '555-CALL-NOW' }, 'phoneNumber', profileMessages.invalidPhone],
    ['phone too short', { phoneNumber: '12345' }, 'phoneNumber', profileMessages.invalidPhone],
    ['company too long', { company: 'x'.repeat(121) }, 'company', profileMessages.tooLong(120)],
    ['position too long', { position: 'x'.repeat(121) }, 'position', profileMessages.tooLong(120)],
    ['location too long', { location: 'x'.repeat(121) }, 'location', profileMessages.tooLong(120)],
    ['career level too long', { careerLevel: 'x'.repeat(81) }, 'careerLevel', profileMessages.tooLong(80)],
    [
      'too many career focus areas',
      { careerFocus: Array.from({ length: 11 }, (_, i) => `Focus ${i}`) },
      'careerFocus',
      profileMessages.tooManyFocus,
    ],
    ['unknown country', { country: 'FR' }, 'country', 'Please choose United States, Canada or United Kingdom'],
    ['unknown gender', { gender: 'other' }, 'gender', 'Please choose female or male'],
    [
      'unknown expertise level',
      { expertiseLevel: 'Wizard' },
      'expertiseLevel',
      'Please choose an expertise level from the list',
    ],
    [
      'unknown experience level',
      { experienceLevel: 'Guru' },
      'experienceLevel',
      'Please choose an experience level from the list',
    ],
    [
      'unknown industry',
      { industries: ['Technology', 'Piracy'] },
      'industries.1',
      'Please choose industries from the list',
    ],
  ])('%s is refused with its message and nothing changes', async (_name, change, field, message) => {
    const before = await profileOf(bob)
    const response = await bob.put('/api/profile/me', {
      ...validProfile,
      firstName: 'Bob',
      lastName: 'Other',
      ...change,
    })
    expect(response.status).toBe(400)
    const error = await errorOf(response)
    expect(error.message).toBe(message)
    expect(error.fields?.[field]).toBe(message)
    expect(await profileOf(bob)).toEqual(before)
  })

  test('a member cannot change another member: an id in the body is ignored', async () => {
    const bobBefore = await profileOf(bob)
    const response = await alice.put('/api/profile/me', {
      ...validProfile,
      firstName: 'Mallory',
      id: bob.member.id,
      userId: bob.member.id,
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as ProfileView).id).toBe(alice.member.id)
    expect(await profileOf(bob)).toEqual(bobBefore)
    // there is no path that names another member's profile or skills
    expect((await alice.get(`/api/profile/${bob.member.id}`)).status).toBe(404)
    expect((await alice.put(`/api/profile/${bob.member.id}`, validProfile)).status).toBe(404)
    expect((await alice.get(`/api/profile/${bob.member.id}/skills`)).status).toBe(404)
  })
})

describe('avatar', () => {
  let t: TestApp
  let alice: TestClient & { member: { id: string } }
  let bob: TestClient & { member: { id: string } }

  beforeAll(async () => {
    t = await createTestApp()
    alice = await t.signedIn({ firstName: 'Alice', lastName: 'Avatar' })
    bob = await t.signedIn({ firstName: 'Bob', lastName: 'Viewer' })
  })
  afterAll(async () => t?.close())

  test('a 3000x2000 photo becomes a PNG at most 512 px on its longest side, served to other members with a cache-busting URL', async () => {
    const jpeg = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .jpeg()
      .toBuffer()
    const response = await alice.post('/api/profile/me/avatar', avatarForm(jpeg, 'holiday.jpg', 'image/jpeg'))
    expect(response.status).toBe(200)
    const profile = (await response.json()) as ProfileView
    expect(profile.avatarUrl).toMatch(new RegExp(`^/api/profile/avatars/${alice.member.id}\\?v=\\d+$`))

    const served = await bob.get(profile.avatarUrl!)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=3600')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 341 })

    expect((await t.client().get(profile.avatarUrl!)).status).toBe(401)
  })

  test('a sideways phone photo is turned upright per its EXIF orientation', async () => {
    // stored 600x300 with orientation 6 (rotate 90° clockwise to view): upright 300x600, then 256x512
    const jpeg = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const response = await bob.post('/api/profile/me/avatar', avatarForm(jpeg, 'phone.jpg', 'image/jpeg'))
    expect(response.status).toBe(200)
    const meta = await sharp(
      Buffer.from(await (await alice.get(`/api/profile/avatars/${bob.member.id}`)).arrayBuffer()),
    ).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 512 })
  })

  test('a new picture replaces the old file', async () => {
    const first = await alice.post(
      '/api/profile/me/avatar',
      avatarForm(solidPng(40, 40, [255, 0, 0]), 'red.png', 'image/png'),
    )
    const firstUrl = ((await first.json()) as ProfileView).avatarUrl
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = await alice.post(
      '/api/profile/me/avatar',
      avatarForm(solidPng(20, 10, [0, 0, 255]), 'blue.png', 'image/png'),
    )
    const secondUrl = ((await second.json()) as ProfileView).avatarUrl
    expect(secondUrl).not.toBe(firstUrl)
    // one file per member: the old picture is gone, whichever URL is asked
    const stored = await t.deps.storage.get(avatarKey(alice.member.id))
    const meta = await sharp(Buffer.from(await new Response(stored!.body).arrayBuffer())).metadata()
    expect(meta).toMatchObject({ width: 20, height: 10 })
    const viaOldUrl = await sharp(Buffer.from(await (await bob.get(firstUrl!)).arrayBuffer())).metadata()
    expect(viaOldUrl).toMatchObject({ width: 20, height: 10 })
  })

  test('a text file named .jpg is refused and the picture stays', async () => {
    const before = (await (await alice.get('/api/profile/me')).json()) as ProfileView
    const response = await alice.post('/api/profile/me/avatar', avatarForm(plainText, 'me.jpg', 'image/jpeg'))
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toMatchObject({
      message: profileMessages.avatarNotImage,
      fields: { avatar: profileMessages.avatarNotImage },
    })
    expect(((await (await alice.get('/api/profile/me')).json()) as ProfileView).avatarUrl).toBe(before.avatarUrl)
    const empty = await alice.post('/api/profile/me/avatar', new FormData())
    expect((await errorOf(empty)).message).toBe(profileMessages.avatarNotImage)
  })

  test('a picture over 5 MB is refused', async () => {
    const big = Buffer.concat([solidPng(), Buffer.alloc(5 * 1024 * 1024)])
    const response = await alice.post('/api/profile/me/avatar', avatarForm(big, 'big.png', 'image/png'))
    expect(response.status).toBe(400)
    expect((await errorOf(response)).message).toBe(profileMessages.avatarTooLarge)
    const huge = Buffer.concat([solidPng(), Buffer.alloc(7 * 1024 * 1024)])
    expect(
      (await errorOf(await alice.post('/api/profile/me/avatar', avatarForm(huge, 'huge.png', 'image/png')))).message,
    ).toBe(profileMessages.avatarTooLarge)
  })

  test('removing the picture deletes the file and touches only the member’s own', async () => {
    await bob.post('/api/profile/me/avatar', avatarForm(solidPng(8, 8), 'b.png', 'image/png'))
    const removed = await alice.delete('/api/profile/me/avatar')
    expect(removed.status).toBe(200)
    expect(((await removed.json()) as ProfileView).avatarUrl).toBeNull()
    expect(await t.deps.storage.get(avatarKey(alice.member.id))).toBeUndefined()
    expect((await bob.get(`/api/profile/avatars/${alice.member.id}`)).status).toBe(404)
    // Bob's picture is untouched
    expect((await alice.get(`/api/profile/avatars/${bob.member.id}`)).status).toBe(200)
    expect((await profileOf(bob)).avatarUrl).not.toBeNull()
  })

  test('storage keys stay valid for any account id', () => {
    expect(avatarKey('AbC_123-xyz')).toMatch(/^avatars\/[0-9a-f]{40}\.png$/)
  })
})

describe('skills', () => {
  let t: TestApp
  let alice: TestClient & { member: { id: string } }
  let bob: TestClient & { member: { id: string } }

  beforeAll(async () => {
    t = await createTestApp()
    alice = await t.signedIn()
    bob = await t.signedIn()
  })
  afterAll(async () => t?.close())

  test('a member saves skills with levels, listed by name; saving again updates, one row per skill', async () => {
    const saved = await alice.put('/api/profile/me/skills', {
      skills: [
        { name: 'TypeScript', level: 'advanced' },
        { name: 'Leadership', level: 'beginner' },
      ],
    })
    expect(saved.status).toBe(200)
    expect(((await saved.json()) as { message: string }).message).toBe(skillMessages.skillsUpdated)
    const again = await alice.put('/api/profile/me/skills', {
      skills: [
        { name: 'Leadership', level: 'expert' },
        { name: 'Communication', level: 'intermediate' },
      ],
    })
    expect(again.status).toBe(200)
    expect((await skillsOf(alice)).map(({ name, level }) => ({ name, level }))).toEqual([
      { name: 'Communication', level: 'intermediate' },
      { name: 'Leadership', level: 'expert' },
      { name: 'TypeScript', level: 'advanced' },
    ])
    expect(await listSkillNames(t.db, alice.member.id)).toEqual(['Communication', 'Leadership', 'TypeScript'])
  })

  test.each([
    ['no skill', { skills: [] }, skillMessages.noneSelected],
    ['no list', {}, skillMessages.noneSelected],
    ['a skill not in the lists', { skills: [{ name: 'Juggling', level: 'expert' }] }, skillMessages.unknownSkill],
    ['an unknown level', { skills: [{ name: 'Python', level: 'godlike' }] }, skillMessages.invalidLevel],
  ])('%s is refused', async (_name, body, message) => {
    const response = await bob.put('/api/profile/me/skills', body)
    expect(response.status).toBe(400)
    expect((await errorOf(response)).message).toBe(message)
  })

  test('a member updates and deletes their own skills only', async () => {
    await bob.put('/api/profile/me/skills', {
      skills: [
        { name: 'Python', level: 'beginner' },
        { name: 'Leadership', level: 'advanced' },
      ],
    })
    const updated = await bob.request('PATCH', `/api/profile/me/skills/${encodeURIComponent('Python')}`, {
      level: 'expert',
    })
    expect(updated.status).toBe(200)
    expect(((await updated.json()) as { message: string }).message).toBe(skillMessages.skillUpdated)
    const deleted = await bob.delete('/api/profile/me/skills/Leadership')
    expect(deleted.status).toBe(200)
    expect(((await deleted.json()) as { message: string }).message).toBe(skillMessages.skillDeleted)
    expect((await skillsOf(bob)).map((s) => [s.name, s.level])).toEqual([['Python', 'expert']])

    // Alice's Leadership and TypeScript are untouched by Bob's changes
    expect((await skillsOf(alice)).map((s) => [s.name, s.level])).toEqual([
      ['Communication', 'intermediate'],
      ['Leadership', 'expert'],
      ['TypeScript', 'advanced'],
    ])
    // Bob has no TypeScript row: changing or deleting "it" finds nothing of his, and Alice's stays
    expect((await bob.request('PATCH', '/api/profile/me/skills/TypeScript', { level: 'beginner' })).status).toBe(404)
    expect((await bob.delete('/api/profile/me/skills/TypeScript')).status).toBe(404)
    expect((await skillsOf(alice)).find((s) => s.name === 'TypeScript')?.level).toBe('advanced')
    expect((await bob.request('PATCH', '/api/profile/me/skills/Python', { level: 'wizard' })).status).toBe(400)
    expect((await bob.request('PATCH', '/api/profile/me/skills/Juggling', { level: 'expert' })).status).toBe(400)
  })

  test('visitors cannot change skills', async () => {
    const visitor = t.client()
    expect(
      (await visitor.put('/api/profile/me/skills', { skills: [{ name: 'Python', level: 'beginner' }] })).status,
    ).toBe(401)
    expect((await visitor.delete('/api/profile/me/skills/Python')).status).toBe(401)
  })
})
