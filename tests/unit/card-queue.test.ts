/**
 * The daily card's marks in the offline queue (issue 43): one per child, day and source waits, and it
 * keeps the day as the phone first had it (`base`, decision 0044); the merge both sides use.
 */
import { describe, expect, it } from 'vitest';
import { RECORD_READS } from '../../src/lib/offline-caches.ts';
import type { CardMarksSet } from '../../src/lib/queued-ops.ts';
import { mergeWaiting, waitingAfter } from '../../src/lib/queued-ops.ts';
import { refusalReason, refusedWords } from '../../src/lib/refused-words.ts';
import { mergeMarks } from '../../src/shared/daily-card.ts';

const TARGET = '7b0e4d1a-8c3f-4a55-9a47-2f1c9a9e6a11';
const marks = (id: string, source: 'casa' | 'escola', date = '2026-11-27', yes = true): CardMarksSet => ({
  id,
  kind: 'card-marks-set',
  childId: 'c1',
  date,
  body: { source, marks: { [TARGET]: [yes] }, id: `${id}-send` },
});

describe('card-marks-set in the queue', () => {
  it('a later mark of the same day and source replaces the waiting one', () => {
    const waiting = waitingAfter([marks('a', 'casa', '2026-11-27', true)], marks('b', 'casa', '2026-11-27', false));
    expect(waiting.map((op) => op.id)).toEqual(['b']);
  });
  it('another source or another day waits beside it', () => {
    const first = [marks('a', 'casa')];
    expect(waitingAfter(first, marks('b', 'escola')).map((op) => op.id)).toEqual(['a', 'b']);
    expect(waitingAfter(first, marks('c', 'casa', '2026-11-26')).map((op) => op.id)).toEqual(['a', 'c']);
  });
  it('a newer mark of the day keeps the base of the one it replaces: what the phone knew from the server', () => {
    const older = { ...marks('a', 'casa'), body: { ...marks('a', 'casa').body, base: {} } };
    const newer = { ...marks('b', 'casa'), body: { ...marks('b', 'casa').body, base: { [TARGET]: [true] } } };
    const waiting = mergeWaiting(older, newer) as CardMarksSet;
    expect(waiting.id).toBe('b');
    expect(waiting.body.marks).toEqual(newer.body.marks);
    expect(waiting.body.base).toEqual({});
    expect(mergeWaiting(marks('a', 'casa'), newer)).toEqual(newer);
  });
  it('a refused day is told in her words, with the card to open', () => {
    const words = refusedWords(marks('a', 'casa'));
    expect(words.title).toBe('Cartão do dia de 27/11 (casa)');
    expect(words.typed).toContain('1');
    expect(words.link?.href).toBe('/cartao-do-dia/');
    expect(refusalReason({ status: 403, message: 'Sem acesso.' }, { kind: 'card-marks-set' })).toContain(
      'uma criança que você não acompanha mais',
    );
  });
});

it("the card and its days are kept for offline reads, the school's card and the summary are not", () => {
  const child = `https://app.example/api/children/${TARGET}`;
  expect(RECORD_READS.test(`${child}/daily-card`)).toBe(true);
  expect(RECORD_READS.test(`${child}/daily-card/days?from=2026-11-23&to=2026-11-29`)).toBe(true);
  expect(RECORD_READS.test(`${child}/daily-card/summary`)).toBe(false);
  expect(RECORD_READS.test('https://app.example/api/school/abc/daily-card')).toBe(false);
});

describe('mergeMarks', () => {
  const other = '8c1f5e2b-9d40-4b66-8b58-3e2d0b0f7b22';
  it('applies only the parts changed from base, keeping what another carer marked', () => {
    const stored = { [TARGET]: [true, false, true], [other]: [true] };
    expect(mergeMarks(stored, { [TARGET]: [false, false, true] }, { [TARGET]: [true, false, false] })).toEqual({
      [TARGET]: [false, false, true],
      [other]: [true],
    });
  });
  it('applies a target the phone did not know whole, and replaces the day without base', () => {
    const stored = { [other]: [true] };
    expect(mergeMarks(stored, { [TARGET]: [true, false] }, {})).toEqual({ [other]: [true], [TARGET]: [true, false] });
    expect(mergeMarks(stored, { [TARGET]: [true, false] })).toEqual({ [TARGET]: [true, false] });
  });
});
