import { describe, expect, it } from 'vitest';
import { nextPage } from '../../src/lib/next-page.ts';

const next = (value: string) => nextPage(`?proxima=${encodeURIComponent(value)}`);

describe('?proxima= after signing in', () => {
  it('goes back to a page of the site, with the invitation token', () => {
    expect(next('/convite/?token=abcdefghijklmnopqrstuvwxyz234567')).toBe(
      '/convite/?token=abcdefghijklmnopqrstuvwxyz234567',
    );
    expect(next('/comportamento/')).toBe('/comportamento/');
  });

  it('never leaves the site', () => {
    for (const value of [
      '//evil.example/',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a?x=<b>',
      '',
    ])
      expect(next(value)).toBeNull();
    expect(nextPage('')).toBeNull();
  });
});
