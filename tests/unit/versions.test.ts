import { joinNotes } from '../../src/islands/notes/NoteConflict.tsx';
import { mergeWaiting, type QueuedOp, waitingAfter } from '../../src/lib/queued-ops.ts';
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

  it('two accounts’ notes on the same child both wait, each for its author (issue 54)', () => {
    const hers = { ...note('Dela', 1), author: 'maria' };
    const his = { ...note('Dele', 1), author: 'carlos' };
    expect(waitingAfter([hers], his)).toEqual([hers, his]);
    // Her own newer note still replaces her waiting one.
    const hersAgain = { ...note('Dela de novo', 2), author: 'maria' };
    expect(waitingAfter([hers, his], hersAgain)).toEqual([his, { ...hersAgain, baseVersion: 1 }]);
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

  it('writes once what both versions share (issue 54)', () => {
    // One holds the other whole: that one is the join.
    expect(joinNotes('Dorme tarde.', 'Dorme tarde.\nChorou no banho.')).toBe('Dorme tarde.\nChorou no banho.');
    expect(joinNotes('Dorme tarde.\nAcorda às 6.', 'Acorda às 6.')).toBe('Dorme tarde.\nAcorda às 6.');
    // Both start from the same paragraph and add their own: it is written once, then each addition.
    expect(
      joinNotes('Dorme tarde.\n\nNo jantar não para sentado.', 'Dorme tarde.\n\nNa escola levanta toda hora.'),
    ).toBe('Dorme tarde.\n\nNo jantar não para sentado.\n\nNa escola levanta toda hora.');
    // Same first and last lines, a different middle.
    expect(joinNotes('Segunda:\nagitado\nFim.', 'Segunda:\ncalmo\nFim.')).toBe('Segunda:\nagitado\n\ncalmo\nFim.');
    // On one line: the sentences both start with, once.
    expect(joinNotes('Dorme tarde. Acorda cedo.', 'Dorme tarde. Chora no banho.')).toBe(
      'Dorme tarde. Acorda cedo.\n\nChora no banho.',
    );
    // Words in common that are not a whole sentence stay in both.
    expect(joinNotes('Não dormiu bem', 'Não comeu nada')).toBe('Não dormiu bem\n\nNão comeu nada');
  });
});
