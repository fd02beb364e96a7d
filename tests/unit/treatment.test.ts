import {
  doseSchema,
  inForceOn,
  type MedicineChangeLike,
  medicineChangeSchema,
  medicineSchema,
  scheduledSlots,
} from '../../src/shared/treatment.ts';

const event = (
  on: string,
  kind: MedicineChangeLike['kind'],
  dose: number | null,
  times: string[],
): MedicineChangeLike => ({
  on,
  kind,
  dose,
  unit: dose === null ? null : 'mg',
  times,
});

describe('what was in force on a day', () => {
  const history = [
    event('2026-11-01', 'start', 10, ['07:00']),
    event('2026-11-10', 'dose', 15, ['07:00']),
    // Two events on one day: the later one recorded wins.
    event('2026-11-10', 'times', 15, ['07:00', '12:00']),
    event('2026-11-20', 'stop', null, []),
  ];

  it('is the last event on or before the day, nothing before the start nor from the stop on', () => {
    expect(inForceOn(history, '2026-10-31')).toBeNull();
    expect(inForceOn(history, '2026-11-01')?.dose).toBe(10);
    expect(inForceOn(history, '2026-11-09')?.dose).toBe(10);
    expect(inForceOn(history, '2026-11-10')).toMatchObject({ dose: 15, times: ['07:00', '12:00'] });
    expect(inForceOn(history, '2026-11-19')?.kind).toBe('times');
    expect(inForceOn(history, '2026-11-20')).toBeNull();
    expect(inForceOn(history, '2027-01-01')).toBeNull();
  });

  it('counts the doses due each day by the times in force that day', () => {
    expect(scheduledSlots(history, '2026-11-09', '2026-11-10')).toEqual([
      '2026-11-09T07:00',
      '2026-11-10T07:00',
      '2026-11-10T12:00',
    ]);
    expect(scheduledSlots(history, '2026-11-19', '2026-11-21')).toEqual(['2026-11-19T07:00', '2026-11-19T12:00']);
    expect(scheduledSlots([event('2026-11-01', 'start', 5, [])], '2026-11-01', '2026-11-30')).toEqual([]);
  });
});

describe('the forms’ rules', () => {
  const base = { name: 'Melatonina', dose: 3, unit: 'mg', startedOn: '2026-11-01' };
  it('asks for times, or "quando precisar" with no times', () => {
    expect(medicineSchema.safeParse({ ...base, times: ['20:00'] }).success).toBe(true);
    expect(medicineSchema.safeParse({ ...base, asNeeded: true, minIntervalHours: 8 }).success).toBe(true);
    expect(medicineSchema.safeParse(base).success).toBe(false);
    expect(medicineSchema.safeParse({ ...base, times: ['20:00', '20:00'] }).success).toBe(false);
    expect(medicineSchema.safeParse({ ...base, times: ['25:00'] }).success).toBe(false);
    expect(medicineSchema.safeParse({ ...base, times: ['20:00'], unit: 'colher' }).success).toBe(false);
    expect(medicineSchema.safeParse({ ...base, times: ['20:00'], dose: -1 }).success).toBe(false);
  });

  it('asks a change of dose for the dose and a change of times for the times', () => {
    expect(medicineChangeSchema.safeParse({ on: '2026-11-02', kind: 'dose' }).success).toBe(false);
    expect(medicineChangeSchema.safeParse({ on: '2026-11-02', kind: 'times', times: [] }).success).toBe(false);
    expect(medicineChangeSchema.safeParse({ on: '2026-11-02', kind: 'stop' }).success).toBe(true);
    expect(medicineChangeSchema.safeParse({ on: '2026-11-02', kind: 'start', dose: 1 }).success).toBe(false);
  });

  it('takes a dose with a local time of day, or none for an as-needed one', () => {
    const dose = { medicineId: crypto.randomUUID(), status: 'given', at: '2026-11-21T10:12:00-03:00' };
    expect(doseSchema.safeParse({ ...dose, scheduledFor: '2026-11-21T07:00' }).success).toBe(true);
    expect(doseSchema.safeParse(dose).success).toBe(true);
    expect(doseSchema.safeParse({ ...dose, scheduledFor: '2026-02-31T07:00' }).success).toBe(false);
    expect(doseSchema.safeParse({ ...dose, status: 'maybe' }).success).toBe(false);
  });
});
