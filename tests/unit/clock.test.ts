import {
  addDays,
  clockOf,
  DAY_MS,
  dayOf,
  mondayOf,
  nowSlot,
  TIME_ZONE,
  today,
  wallClock,
} from '../../src/shared/clock.ts';

describe("the family's clock (São Paulo, written once)", () => {
  it('reads the wall clock of an instant: day, time, minute of the day and weekday', () => {
    expect(TIME_ZONE).toBe('America/Sao_Paulo');
    // 02:59 UTC on a Sunday is 23:59 of Saturday in São Paulo (UTC−3).
    expect(wallClock(new Date('2026-11-22T02:59:30Z'))).toEqual({
      date: '2026-11-21',
      time: '23:59:30',
      minute: 23 * 60 + 59,
      weekday: 6,
    });
    expect(wallClock('2026-11-22T03:00:00Z')).toEqual({ date: '2026-11-22', time: '00:00:00', minute: 0, weekday: 0 });
  });

  it('names the day, the time and the slot now as the record keeps them', () => {
    const at = new Date('2026-11-21T12:05:00Z');
    expect(dayOf(at)).toBe('2026-11-21');
    expect(today(new Date('2026-11-22T02:00:00Z'))).toBe('2026-11-21');
    expect(clockOf(at)).toBe('09:05');
    expect(clockOf('2026-11-21T03:00:00.000Z')).toBe('00:00');
    expect(clockOf('2026-11-21T07:12:99')).toBe('07:12'); // not an instant: its own HH:MM
    expect(nowSlot(at)).toBe('2026-11-21T09:05');
  });

  it('counts calendar days and weeks (Monday to Sunday)', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(DAY_MS).toBe(24 * 60 * 60 * 1000);
  });
});
