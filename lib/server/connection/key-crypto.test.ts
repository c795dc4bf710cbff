import { describe, expect, it } from 'vitest';
import { KeyEncryptionError, keyCipher, lastFour, maskKey } from './key-crypto';

const KEY = '0123456789abcdef'.repeat(4);
const ROW = '6a0c8a4e-4f59-4d1f-9a55-0f6c1b8e2d11';
const AUTH_SECRET = 'an auth secret that is long enough 123';

describe('API key encryption at rest', () => {
  it('round-trips, and the ciphertext does not contain the key', () => {
    const cipher = keyCipher({ AUTH_SECRET });
    const stored = cipher.encrypt(KEY, ROW);
    expect(stored).not.toContain(KEY);
    expect(stored).not.toContain(KEY.slice(0, 16));
    expect(stored.startsWith('v1.')).toBe(true);
    expect(cipher.decrypt(stored, ROW)).toBe(KEY);
  });

  it('uses a fresh nonce every time', () => {
    const cipher = keyCipher({ AUTH_SECRET });
    expect(cipher.encrypt(KEY, ROW)).not.toBe(cipher.encrypt(KEY, ROW));
  });

  it('refuses a ciphertext moved to another row', () => {
    const cipher = keyCipher({ AUTH_SECRET });
    const stored = cipher.encrypt(KEY, ROW);
    expect(() => cipher.decrypt(stored, 'another-row')).toThrow(KeyEncryptionError);
  });

  it('refuses a tampered ciphertext', () => {
    const cipher = keyCipher({ AUTH_SECRET });
    const [format, nonce, tag, body] = cipher.encrypt(KEY, ROW).split('.') as [
      string,
      string,
      string,
      string,
    ];
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => cipher.decrypt([format, nonce, tag, flipped].join('.'), ROW)).toThrow(KeyEncryptionError);
  });

  it('prefers KEY_ENCRYPTION_SECRET, and another secret cannot decrypt (the message never shows the key)', () => {
    const withDedicated = keyCipher({ KEY_ENCRYPTION_SECRET: 'x'.repeat(40), AUTH_SECRET });
    const withAuthOnly = keyCipher({ AUTH_SECRET });
    const stored = withDedicated.encrypt(KEY, ROW);
    let message = '';
    try {
      withAuthOnly.decrypt(stored, ROW);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/KEY_ENCRYPTION_SECRET/);
    expect(message).not.toContain(KEY);
  });

  it('needs a secret', () => {
    expect(() => keyCipher({})).toThrow(KeyEncryptionError);
  });

  it('fingerprints keys stably, case-insensitively, and differently per secret', () => {
    const cipher = keyCipher({ AUTH_SECRET });
    expect(cipher.fingerprint(KEY)).toBe(cipher.fingerprint(KEY.toUpperCase()));
    expect(cipher.fingerprint(KEY)).not.toContain(KEY);
    expect(cipher.fingerprint(KEY)).not.toBe(keyCipher({ AUTH_SECRET: `${AUTH_SECRET}!` }).fingerprint(KEY));
  });
});

describe('masking', () => {
  it('shows only the last four characters', () => {
    expect(lastFour(KEY)).toBe('cdef');
    expect(maskKey(lastFour(KEY))).toBe('…cdef');
  });
});
