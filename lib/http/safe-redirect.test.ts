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
    // Dot segments that resolve to a scheme-relative URL (a known open-redirect probe).
    '/..//evil.example',
    '/../..//evil.example/path',
    '/./..//evil.example',
    '/portfolio/../..//evil.example',
    // Encoded dot segments and slashes, once and twice.
    '/%2e%2e//evil.example',
    '/%2E%2E/%2F/evil.example',
    '/%252e%252e//evil.example',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '/%255Cevil.example',
    '/\\evil.example',
    '/%09/evil.example',
    '/%E0%A4%A',
  ])('refuses %s', (candidate) => {
    expect(safeLocalPath(candidate)).toBeNull();
  });

  it('returns the normalised path, so what is checked is what the browser gets', () => {
    expect(safeLocalPath('/invoices/../portfolio?page=2')).toBe('/portfolio?page=2');
    expect(safeLocalPath('/%2e%2e/renewals')).toBe('/renewals');
    expect(safeLocalPath('/portfolio?q=a%20b')).toBe('/portfolio?q=a%20b');
  });
});
