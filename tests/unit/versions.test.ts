import { joinNotes } from '../../src/islands/notes/NoteConflict.tsx';
import { mergeWaiting, type QueuedOp } from '../../src/lib/queued-ops.ts';
import { mergeTicks } from '../../src/shared/versions.ts';

describe('ticks merged item by item (issue 37)', () => {
  it('applies only what she changed from her base: the latest change of each item wins', () => {
    const stored = [true, false, true, false];
    // She started from [true, false, false, false]: she ticked 1 and unticked 0; item 2 was ticked by another since.
    expect(mergeTicks(stored, [false, true, false, false], [true, false, false, false])).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('without a base the list replaces (clients before versions)', () => {
    expect(mergeTicks([true, true], [false, false])).toEqual([false, false]);
  });
});

describe('a set that replaces a waiting one keeps the oldest base', () => {
  const ticks = (checked: boolean[], base?: boolean[]): QueuedOp => ({
    id: crypto.randomUUID(),
    kind: 'progress-set',
    childId: 'lia',
    key: 'sono-signs',
    checked,
    ...(base ? { base } : {}),
  });
  const note = (text: string, baseVersion?: number, condition = 'sono'): QueuedOp => ({
    id: crypto.randomUUID(),
    kind: 'notes-set',
    childId: 'lia',
    condition,
    text,
    ...(baseVersion === undefined ? {} : { baseVersion }),
  });

  it('ticks: the newer list, from the base the device last knew from the server', () => {
    const older = ticks([true, false], [false, false]);
    const newer = ticks([true, true], [true, false]);
    expect(mergeWaiting(older, newer)).toEqual({ ...newer, base: [false, false] });
  });

  it('notes: the newer text, from the version the device last knew', () => {
    const newer = note('Acorda cedo e chora', 4);
    expect(mergeWaiting(note('Acorda cedo', 3), newer)).toEqual({ ...newer, baseVersion: 3 });
  });

  it('an op that waited since before versions leaves the newer base as it is', () => {
    const newer = note('Texto novo', 2);
    expect(mergeWaiting(note('Texto antigo'), newer)).toEqual(newer);
    expect(mergeWaiting(ticks([true, false]), ticks([true, true], [false, false]))).toMatchObject({
      base: [false, false],
    });
  });

  it('another target is not merged', () => {
    const newer = note('Outra guia', 5, 'foco');
    expect(mergeWaiting(note('Sono', 1), newer)).toBe(newer);
  });
});

describe('joining two versions of a note', () => {
  it('puts theirs first, a blank line, then hers; an empty one adds nothing', () => {
    expect(joinNotes('Dorme tarde', 'Chorou no banho\n')).toBe('Dorme tarde\n\nChorou no banho');
    expect(joinNotes('', 'Só a minha')).toBe('Só a minha');
  });
});
