import { sql } from 'drizzle-orm'
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// spec 000 §3 user_profiles: one row per auth user, same id, created in the
// same transaction as the account (accounts/service.ts signUp).
export const userProfiles = pgTable(
  'user_profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    location: text('location'),
    experienceLevel: text('experience_level'),
    industries: text('industries').array().notNull().default([]),
    avatarUrl: text('avatar_url'),
    // spec 001 §3 Profile (issue 6)
    linkedinUrl: text('linkedin_url'),
    phoneNumber: text('phone_number'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth'),
    company: text('company'),
    position: text('position'),
    country: text('country'),
    expertiseLevel: text('expertise_level'),
    website: text('website'),
    careerLevel: text('career_level'),
    careerFocus: text('career_focus').array().notNull().default([]),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastIpAddress: text('last_ip_address'),
    loginCount: integer('login_count').notNull().default(0),
    /** IANA zone of the member's day (issue 21: the routine's 'today'); null until the browser's is saved */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // the admins' user search (issue 22): "First Last" holds either name and a full name
    index('user_profiles_name_trgm_idx').using(
      'gin',
      sql`(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
  ],
)

// spec 000 §3 user_skill_assessments (the preferred skill store; user_skills of the
// earlier implementation is not kept: one table, read by the job match). One row per
// member and skill.
export const userSkillAssessments = pgTable(
  'user_skill_assessments',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    skillName: text('skill_name').notNull(),
    proficiencyLevel: text('proficiency_level').notNull(),
    lastAssessed: timestamp('last_assessed', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.skillName] })],
)
