import { describe, expect, it } from 'vitest';
import { safeLocalPath } from './safe-redirect';

describe('safeLocalPath', () => {
  it('keeps paths on this site with their query', () => {
    expect(safeLocalPath('/renewals?month=2026-12')).toBe('/renewals?month=2026-12');
    expect(safeLocalPath('/portfolio/abc#events')).toBe('/portfolio/abc#events');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'renewals',
    '/%0d%0aLocation:%20x\r\n',
    '',
    null,
  ])('refuses %s', (candidate) => {
    expect(safeLocalPath(candidate)).toBeNull();
  });
});
