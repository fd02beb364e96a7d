import { median, medianRow, spread, withSpread } from '../../scripts/bench-stats.ts';

test('the median of odd and even counts, and none', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(median([7])).toBe(7);
  expect(median([])).toBeNaN();
});

test('the spread is the lowest and the highest run, printed beside the median', () => {
  expect(spread([812, 790, 845])).toEqual({ min: 790, max: 845 });
  expect(withSpread([812, 790, 845])).toBe('812 (790–845)');
  expect(withSpread([0.5, 0.25, 1], 2)).toBe('0.50 (0.25–1.00)');
  expect(withSpread([40])).toBe('40');
});

test('a row of runs takes each number’s median and the text of the run nearest the median', () => {
  const runs = [
    { page: '/a', lcpMs: 900, tbtMs: 10, missed: ['x'] },
    { page: '/a', lcpMs: 1_400, tbtMs: 300, missed: ['y'] },
    { page: '/a', lcpMs: 1_000, tbtMs: 30, missed: ['z'] },
  ];
  expect(medianRow(runs, 'lcpMs')).toEqual({ page: '/a', lcpMs: 1_000, tbtMs: 30, missed: ['z'] });
  // One slow run does not decide: the TBT median is the middle run's, not the worst.
  expect(medianRow(runs, 'tbtMs').tbtMs).toBe(30);
  expect(() => medianRow([], 'lcpMs')).toThrow();
});
