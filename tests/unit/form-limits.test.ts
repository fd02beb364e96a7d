/**
 * A form's limits are the API's (issue 38, decision 0038): every `maxLength` (and numeric min/max)
 * in src/islands is a constant from src/shared, never a number, and each of those constants is the
 * limit the schema the API validates with really sets.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childSchema, notesSchema } from '../../src/shared/children.ts';
import { invitationSchema, schoolLinkSchema, schoolObservationSchema } from '../../src/shared/circle.ts';
import { behaviorEntrySchema, foodEntrySchema, sleepEntrySchema } from '../../src/shared/diary.ts';
import {
  CREDENTIAL_LIMITS,
  DIARY_TEXT_LIMITS,
  LIMITS,
  MAX_DURATION_MINUTES,
  MIN_DURATION_MINUTES,
  SCHOOL_LINK_DAYS,
} from '../../src/shared/enums.ts';
import { MASKED_LENGTH } from '../../src/shared/format.ts';
import { maxLengthOf } from '../../src/shared/lengths.ts';
import { professionalSchema } from '../../src/shared/professionals.ts';
import { homeRatingSchema, schoolRatingSchema } from '../../src/shared/ratings.ts';
import { totpCodeSchema } from '../../src/shared/support.ts';
import {
  medicineChangeSchema,
  medicineSchema,
  sessionSchema,
  therapyPatchSchema,
  therapySchema,
} from '../../src/shared/treatment.ts';
import {
  fullNameSchema,
  loginSchema,
  newPasswordSchema,
  passwordSchema,
  phoneSchema,
} from '../../src/shared/validation.ts';

const ISLANDS = 'src/islands';

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });

/**
 * `maxLength={80}`, `maxLength="80"`, `maxLength: 80`, one chosen by a condition
 * (`maxLength={name === 'meal' ? 200 : 2000}`), and a min/max other than 0 written as a number.
 */
const HARD_CODED = /\bmaxLength\s*[=:]\s*(\{?\s*['"]?\d|[^,}\n]*\?\s*\d)|\b(min|max)\s*=\s*\{?\s*['"]?[1-9]/g;

/** Where the text has a hard-coded limit, as `file:line: code`. */
function hardCodedLimits(file: string, text: string): string[] {
  return [...text.matchAll(HARD_CODED)].map((match) => {
    const line = text.slice(0, match.index).split('\n').length;
    return `${file}:${line}: ${text.split('\n')[line - 1]?.trim()}`;
  });
}

describe('the islands’ limits', () => {
  it('are never a number written in an island', () => {
    const found = walk(ISLANDS)
      .map((path) => relative('.', path))
      .flatMap((file) => hardCodedLimits(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('would catch one', () => {
    expect(hardCodedLimits('x.tsx', '<Field\n  maxLength={500}\n/>')).toEqual(['x.tsx:2: maxLength={500}']);
    expect(hardCodedLimits('x.tsx', '<input maxLength="80" />')).toHaveLength(1);
    expect(hardCodedLimits('x.tsx', '<input type="number" min={1} max={180} />')).toHaveLength(2);
    expect(hardCodedLimits('x.tsx', "<Field maxLength={name === 'meal' ? 200 : 2000} />")).toHaveLength(1);
    expect(hardCodedLimits('x.tsx', "  maxLength: name === 'email' ? 254 : 256,")).toHaveLength(1);
    expect(hardCodedLimits('x.tsx', '<input maxLength={LIMITS.name} min={0} max={LIMITS.max} />')).toEqual([]);
    expect(hardCodedLimits('x.tsx', '<Field maxLength={DIARY_TEXT_LIMITS[name]} />')).toEqual([]);
  });
});

describe('each constant a form uses is the limit its schema sets', () => {
  const scale = { items: [], sideEffects: [] };
  // [the form's field, the schema's field, the constant the form uses]
  const fields: Array<[string, Parameters<typeof maxLengthOf>[0], number]> = [
    ['child: name', childSchema.shape.name, LIMITS.childName],
    ['child: school year', childSchema.shape.schoolYear, LIMITS.schoolYear],
    ['child: dietary restrictions', childSchema.shape.dietaryRestrictions, LIMITS.freeText],
    ['guide notes', notesSchema.shape.text, LIMITS.notes],
    ['circle: school link label', schoolLinkSchema.shape.label, LIMITS.schoolLabel],
    ['school observation: period', schoolObservationSchema.shape.period, LIMITS.schoolShort],
    ['school observation: activity', schoolObservationSchema.shape.activity, LIMITS.schoolShort],
    ['school observation: antecedent', schoolObservationSchema.shape.antecedent, LIMITS.freeText],
    ['school observation: behaviour', schoolObservationSchema.shape.behavior, LIMITS.freeText],
    ['school observation: consequence', schoolObservationSchema.shape.consequence, LIMITS.freeText],
    ['school observation: helped', schoolObservationSchema.shape.helped, LIMITS.freeText],
    ['school observation: observer', schoolObservationSchema.shape.observer, LIMITS.schoolShort],
    ['behaviour: consequence', behaviorEntrySchema.shape.consequence, LIMITS.freeText],
    ['behaviour: what helped (her words)', behaviorEntrySchema.shape.helped.def.innerType.def.element, LIMITS.name],
    ['sleep: notes', sleepEntrySchema.shape.notes, LIMITS.freeText],
    ['professional: name', professionalSchema.shape.name, LIMITS.name],
    ['professional: phone', professionalSchema.shape.phone, LIMITS.phone],
    ['weekly rating: note', homeRatingSchema(scale).shape.note, LIMITS.freeText],
    ['school rating: observer', schoolRatingSchema(scale).shape.observer, LIMITS.schoolShort],
    ['medicine: name', medicineSchema.shape.name, LIMITS.name],
    ['medicine: prescriber', medicineSchema.shape.prescriber, LIMITS.name],
    ['medicine: what for', medicineSchema.shape.reason, LIMITS.freeText],
    ['medicine change: reason', medicineChangeSchema.shape.reason, LIMITS.freeText],
    ['therapy: who attends', therapySchema.shape.professionalName, LIMITS.name],
    ['therapy: frequency', therapySchema.shape.frequency, LIMITS.name],
    ['therapy: frequency (edit)', therapyPatchSchema.shape.frequency, LIMITS.name],
    ['session: note', sessionSchema.shape.note, LIMITS.freeText],
    ...Object.entries(DIARY_TEXT_LIMITS).map(([name, limit]): [string, Parameters<typeof maxLengthOf>[0], number] => {
      const shape: Record<string, Parameters<typeof maxLengthOf>[0]> = {
        ...behaviorEntrySchema.shape,
        ...foodEntrySchema.shape,
      };
      return [`diary: ${name}`, shape[name]!, limit];
    }),
    ['password', passwordSchema, LIMITS.password],
    ['sign-in: password', loginSchema.shape.password, CREDENTIAL_LIMITS.password],
    ['new password', newPasswordSchema, LIMITS.password],
  ];

  it.each(fields)('%s', (_, schema, limit) => {
    expect(maxLengthOf(schema)).toBe(limit);
  });

  it('refuses a full name or an e-mail one character past the form’s limit', () => {
    const name = `Ana ${'b'.repeat(LIMITS.fullName - 4)}`;
    expect(fullNameSchema.safeParse(name).success).toBe(true);
    expect(fullNameSchema.safeParse(`${name}b`).success).toBe(false);
    const email = `ana@${'b'.repeat(LIMITS.email - 8)}.com`;
    expect(email).toHaveLength(LIMITS.email);
    expect(invitationSchema.shape.email.safeParse(email).success).toBe(true);
    expect(invitationSchema.shape.email.safeParse(`a${email}`).success).toBe(false);
    expect(CREDENTIAL_LIMITS.email).toBe(LIMITS.email);
    expect(loginSchema.shape.email.safeParse(email).success).toBe(true);
    expect(loginSchema.shape.email.safeParse(`a${email}`).success).toBe(false);
  });

  it('masks a phone and a CPF to the length the form allows, and the schema accepts them', () => {
    expect(MASKED_LENGTH).toEqual({ phone: '(11) 98765-4321'.length, cpf: '000.000.000-00'.length });
    expect(phoneSchema.safeParse('(11) 98765-4321').success).toBe(true);
  });

  it('takes the numbers’ bounds from the same constants', () => {
    const days = schoolLinkSchema.shape.expiresInDays;
    expect(days.safeParse(SCHOOL_LINK_DAYS.min).success).toBe(true);
    expect(days.safeParse(SCHOOL_LINK_DAYS.min - 1).success).toBe(false);
    expect(days.safeParse(SCHOOL_LINK_DAYS.max).success).toBe(true);
    expect(days.safeParse(SCHOOL_LINK_DAYS.max + 1).success).toBe(false);
    const duration = behaviorEntrySchema.shape.durationMinutes;
    expect(duration.safeParse(MIN_DURATION_MINUTES).success).toBe(true);
    expect(duration.safeParse(MIN_DURATION_MINUTES - 1).success).toBe(false);
    expect(duration.safeParse(MAX_DURATION_MINUTES + 1).success).toBe(false);
    expect(totpCodeSchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(totpCodeSchema.safeParse({ code: '1234567' }).success).toBe(false);
  });
});
