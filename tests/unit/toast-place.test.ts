import { describe, expect, it } from 'vitest';
import { clearBand } from '../../src/lib/toast-place.ts';

const span = { left: 16, right: 374 };
const row = (top: number, bottom: number) => ({ top, bottom, left: 20, right: 370 });

describe('where a toast goes: the lowest band that covers no control', () => {
  it('at the bottom when nothing is there', () => {
    expect(clearBand([row(100, 140)], 80, 844, span)).toBe(844 - 16 - 80);
  });

  it('just above a control that sits at the bottom (an entry’s "Excluir")', () => {
    expect(clearBand([row(100, 140), row(760, 800)], 80, 844, span)).toBe(760 - 8 - 80);
  });

  it('between two controls when the gap is tall enough, never over either', () => {
    const controls = [row(0, 300), row(400, 844)];
    const top = clearBand(controls, 80, 844, span);
    expect(top).not.toBeNull();
    expect(top! >= 300 && top! + 80 <= 400).toBe(true);
  });

  it('a control beside the band (not across it) does not count', () => {
    expect(clearBand([{ top: 760, bottom: 800, left: 380, right: 390 }], 80, 844, span)).toBe(748);
  });

  it('none when every band would cover one', () => {
    expect(clearBand([row(0, 420), row(430, 844)], 80, 844, span)).toBeNull();
  });
});
