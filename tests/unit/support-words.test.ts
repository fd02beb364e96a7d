import { describe, expect, it } from 'vitest';
import { elapsed, formatDuration, formatMoment, promiseText } from '../../src/lib/support.ts';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('how the console says time', () => {
  it('says how long a mother has waited, in the largest whole unit', () => {
    expect(elapsed(ago(0.5), NOW)).toBe('menos de 1 min');
    expect(elapsed(ago(12), NOW)).toBe('12 min');
    expect(elapsed(ago(3 * 60 + 20), NOW)).toBe('3 h');
    expect(elapsed(ago(26 * 60), NOW)).toBe('1 dia');
    expect(elapsed(ago(3 * 24 * 60), NOW)).toBe('3 dias');
    // A clock a little ahead on the server never makes a negative wait.
    expect(elapsed(new Date(NOW + 60_000).toISOString(), NOW)).toBe('menos de 1 min');
  });

  it('gives the median first answer in minutes or hours, and a dash before any answer', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(0)).toBe('menos de 1 min');
    expect(formatDuration(40)).toBe('40 min');
    expect(formatDuration(190)).toBe('3 h 10 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(72 * 60)).toBe('3 dias');
  });

  it('dates a message in Brasília time', () => {
    expect(formatMoment('2026-11-25T14:05:00Z')).toBe('25/11/2026 às 11:05');
    expect(formatMoment('2026-11-26T01:30:00Z')).toBe('25/11/2026 às 22:30');
  });
});

describe('the answer time the page promises', () => {
  const answerTime = { priority: 'até 1 dia útil', normal: 'até 3 dias úteis' };
  it('names the subscriber and uses the configured words', () => {
    expect(promiseText(answerTime, true)).toBe('resposta em até 1 dia útil');
    expect(promiseText(answerTime, false)).toBe('Resposta em até 3 dias úteis');
  });
});
