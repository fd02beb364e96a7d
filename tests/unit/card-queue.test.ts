/** The daily card's marks in the offline queue (issue 43): one per child, day and source waits. */
import { describe, expect, it } from 'vitest';
import { RECORD_READS } from '../../src/lib/offline-caches.ts';
import type { CardMarksSet } from '../../src/lib/queued-ops.ts';
import { waitingAfter } from '../../src/lib/queued-ops.ts';
import { refusalReason, refusedWords } from '../../src/lib/refused-words.ts';

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
