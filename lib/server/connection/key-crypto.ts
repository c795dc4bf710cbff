import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of the service's API keys. AES-256-GCM with a fresh 12-byte nonce
 * per key; the row id is bound in as additional data, so a ciphertext copied onto another row does
 * not decrypt. The 32-byte key is derived with HKDF-SHA256 from KEY_ENCRYPTION_SECRET when it is
 * set, otherwise from AUTH_SECRET (with a different `info`, so the two never share a key).
 * Pure (no server-only) so it can be unit-tested and used by the start script.
 */

const FORMAT = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SALT = 'annuity-console/upstream-api-key';

export interface KeySecrets {
  KEY_ENCRYPTION_SECRET?: string;
  AUTH_SECRET?: string;
}

export class KeyEncryptionError extends Error {
  override name = 'KeyEncryptionError';
}

export interface KeyCipher {
  encrypt(plaintext: string, rowId: string): string;
  decrypt(ciphertext: string, rowId: string): string;
  /** A stable, non-reversible identity of a key: the same key cannot be stored twice. */
  fingerprint(plaintext: string): string;
}

export function keyCipher(secrets: KeySecrets): KeyCipher {
  const source = secrets.KEY_ENCRYPTION_SECRET
    ? { secret: secrets.KEY_ENCRYPTION_SECRET, info: 'KEY_ENCRYPTION_SECRET' }
    : secrets.AUTH_SECRET
      ? { secret: secrets.AUTH_SECRET, info: 'AUTH_SECRET' }
      : null;
  if (!source) throw new KeyEncryptionError('Neither KEY_ENCRYPTION_SECRET nor AUTH_SECRET is set.');
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', source.secret, SALT, `${purpose}:${source.info}`, 32));
  const encryptionKey = derive('aes-256-gcm');
  const fingerprintKey = derive('fingerprint');

  return {
    encrypt(plaintext, rowId) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(rowId, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [FORMAT, nonce, tag, body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(ciphertext, rowId) {
      const [format, nonce, tag, body] = ciphertext.split('.');
      if (format !== FORMAT || !nonce || !tag || body === undefined)
        throw new KeyEncryptionError('A stored API key is in an unknown format.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(nonce, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(rowId, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // The message names the likely cause and never the value.
        throw new KeyEncryptionError(
          'A stored API key cannot be decrypted: was KEY_ENCRYPTION_SECRET (or AUTH_SECRET) changed? Enter the key again.',
        );
      }
    },
    fingerprint(plaintext) {
      return createHmac('sha256', fingerprintKey).update(plaintext.toLowerCase(), 'utf8').digest('hex');
    },
  };
}

/** The last four characters of a key, the most any page, log line or audit entry shows of it. */
export function lastFour(key: string): string {
  return key.slice(-4);
}

export function maskKey(last4: string): string {
  return `…${last4}`;
}
