import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findAuthSecret, MissingSecretError } from './local-secret';

/** The one way npm start and npm run worker find AUTH_SECRET: the environment's, else the data dir's. */
const root = mkdtempSync(path.join(tmpdir(), 'local-secret-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const KEPT = 'kept-in-the-data-dir-0123456789abcdef0123';
const SET = 'set-in-the-environment-0123456789abcdef01';

function dataDir(name: string, secret?: string): string {
  const dir = path.join(root, name);
  if (secret === undefined) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'auth-secret'), `${secret}\n`, { mode: 0o600 });
  return dir;
}

describe('findAuthSecret', () => {
  it("takes the environment's over the data dir's, and the data dir's when the environment sets none", () => {
    const dir = dataDir('both', KEPT);
    expect(findAuthSecret({ AUTH_SECRET: SET, DATA_DIR: dir }, { create: false })).toEqual({
      authSecret: SET,
      source: 'environment',
    });
    for (const create of [false, true])
      expect(findAuthSecret({ DATA_DIR: dir }, { create })).toEqual({
        authSecret: KEPT,
        source: { file: path.join(dir, 'auth-secret') },
      });
  });

  it('writes one (mode 600) only when asked to create it, and reads the same one again', () => {
    const dir = dataDir('fresh');
    expect(() => findAuthSecret({ DATA_DIR: dir }, { create: false })).toThrow(MissingSecretError);
    expect(existsSync(path.join(dir, 'auth-secret'))).toBe(false);
    const made = findAuthSecret({ DATA_DIR: dir }, { create: true }).authSecret;
    expect(made).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(findAuthSecret({ DATA_DIR: dir }, { create: false }).authSecret).toBe(made);
  });

  it('refuses without any secret, naming both settings and never a value; KEY_ENCRYPTION_SECRET alone will do', () => {
    const dir = dataDir('none');
    expect(() => findAuthSecret({ DATA_DIR: dir }, { create: false })).toThrow(
      /neither KEY_ENCRYPTION_SECRET nor AUTH_SECRET is set/,
    );
    expect(findAuthSecret({ KEY_ENCRYPTION_SECRET: SET, DATA_DIR: dir }, { create: false })).toEqual({
      authSecret: undefined,
      source: 'none',
    });
  });
});
