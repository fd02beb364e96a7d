/**
 * A medicine's figures computed once (issue 54, src/shared/adherence.ts): the doses given of those
 * due, a time given twice counted once and once as a possible double, and the interval check
 * before giving, which looks back across midnight as the server does.
 */
import {
  adherenceFigure,
  adherenceOf,
  type DoseMark,
  lastWithinInterval,
  type MedicineChangeLike,
  overlapsText,
} from '../../src/shared/adherence.ts';

const start = (on: string, times: string[]): MedicineChangeLike => ({ on, kind: 'start', dose: 10, unit: 'mg', times });
const ritalina = { id: 'r', asNeeded: false, changes: [start('2026-11-01', ['07:00', '12:00'])] };
const mark = (scheduledFor: string | null, status: 'given' | 'skipped', medicineId = 'r'): DoseMark => ({
  medicineId,
  scheduledFor,
  status,
});
const week = { from: '2026-11-16', to: '2026-11-17' };

describe('doses given of those due', () => {
  it('counts a time given by two carers once as given and once as an overlap', () => {
    const doses = [mark('2026-11-16T07:00', 'given'), mark('2026-11-16T07:00', 'given')];
    expect(adherenceOf(ritalina, doses, week, '2026-11-17T23:59')).toEqual({
      scheduled: 4,
      given: 1,
      skipped: 0,
      overlaps: 1,
      asNeededGiven: 0,
    });
    // Three marks of one time: one given, two that may double it.
    expect(
      adherenceOf(ritalina, [...doses, mark('2026-11-16T07:00', 'given')], week, '2026-11-17T23:59'),
    ).toMatchObject({
      given: 1,
      overlaps: 2,
    });
  });

  it('counts a time marked given and not given as given, never also as not given', () => {
    const doses = [
      mark('2026-11-16T07:00', 'given'),
      mark('2026-11-16T07:00', 'skipped'),
      mark('2026-11-16T12:00', 'skipped'),
    ];
    expect(adherenceOf(ritalina, doses, week, '2026-11-17T23:59')).toMatchObject({
      scheduled: 4,
      given: 1,
      skipped: 1,
      overlaps: 0,
    });
  });

  it('counts the times due up to now, and one still to come only once its dose was given', () => {
    const doses = [mark('2026-11-17T12:00', 'given'), mark('2026-11-17T07:00', 'skipped')];
    // 09:00 on the 17th: 07:00 and 12:00 of the 16th, 07:00 of the 17th, and 12:00 given early.
    expect(adherenceOf(ritalina, doses, week, '2026-11-17T09:00')).toMatchObject({
      scheduled: 4,
      given: 1,
      skipped: 1,
    });
    // A time to come marked "not given" is not counted yet.
    expect(adherenceOf(ritalina, [mark('2026-11-17T12:00', 'skipped')], week, '2026-11-17T09:00')).toMatchObject({
      scheduled: 3,
      skipped: 0,
    });
  });

  it('follows what was in force each day, and ignores other medicines', () => {
    const changed = {
      ...ritalina,
      changes: [...ritalina.changes, { ...start('2026-11-17', ['07:00']), kind: 'times' as const }],
    };
    const doses = [mark('2026-11-17T07:00', 'given'), mark('2026-11-17T07:00', 'given', 'other')];
    expect(adherenceOf(changed, doses, week, '2026-11-17T23:59')).toMatchObject({
      scheduled: 3,
      given: 1,
      overlaps: 0,
    });
  });

  it('as needed: every dose given counts, none is due, and one inside the interval is an overlap', () => {
    const ibuprofeno = { id: 'i', asNeeded: true, minIntervalHours: 6, changes: [start('2026-11-01', [])] };
    const given = (at: string): DoseMark => ({ medicineId: 'i', scheduledFor: null, status: 'given', at });
    const doses = [given('2026-11-16T12:00:00Z'), given('2026-11-16T15:00:00Z'), given('2026-11-16T22:00:00Z')];
    const tally = adherenceOf(ibuprofeno, doses, week, '2026-11-17T23:59');
    expect(tally).toEqual({ scheduled: 0, given: 0, skipped: 0, overlaps: 1, asNeededGiven: 3 });
    expect(adherenceFigure(ibuprofeno, tally)).toEqual({ given: 3, scheduled: 0, overlaps: 1 });
    expect(adherenceFigure(ritalina, { ...tally, scheduled: 4, given: 2 })).toEqual({
      given: 2,
      scheduled: 4,
      overlaps: 1,
    });
  });

  it('says the overlaps in pt-BR, singular and plural', () => {
    expect(overlapsText(1)).toBe('1 possível dose dupla');
    expect(overlapsText(2)).toBe('2 possíveis doses duplas');
  });
});

describe('the check before giving', () => {
  const ibuprofeno = { id: 'i', minIntervalHours: 6 };
  const dose = (at: string, status: 'given' | 'skipped' = 'given', medicineId = 'i') => ({ medicineId, status, at });

  it('warns at 01:00 for a dose given at 23:00 the day before (across midnight)', () => {
    // 23:00 on the 20th in São Paulo is 02:00Z on the 21st; 01:00 on the 21st is 04:00Z.
    const yesterday = dose('2026-11-21T02:00:00Z');
    expect(lastWithinInterval(ibuprofeno, [yesterday], '2026-11-21T04:00:00Z')).toBe(yesterday);
    // Six hours later it is past the interval (the boundary itself is allowed, as on the server).
    expect(lastWithinInterval(ibuprofeno, [yesterday], '2026-11-21T08:00:00Z')).toBeNull();
  });

  it('answers the latest given dose inside the interval, either side, of this medicine only', () => {
    const doses = [
      dose('2026-11-21T10:00:00Z'),
      dose('2026-11-21T11:00:00Z'),
      dose('2026-11-21T11:30:00Z', 'skipped'),
      dose('2026-11-21T11:45:00Z', 'given', 'other'),
      dose('2026-11-21T14:00:00Z'),
    ];
    expect(lastWithinInterval(ibuprofeno, doses, new Date('2026-11-21T12:00:00Z'))).toBe(doses[4]);
    expect(lastWithinInterval(ibuprofeno, doses.slice(0, 4), '2026-11-21T12:00:00Z')).toBe(doses[1]);
    expect(lastWithinInterval({ id: 'i', minIntervalHours: null }, doses, '2026-11-21T12:00:00Z')).toBeNull();
  });
});
