import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env-schema';

const key = 'ab'.repeat(32);

describe('parseEnv', () => {
  it('applies the embedded defaults on an empty environment', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SANDBOX_PORT).toBe(4010);
    expect(env.DATA_DIR).toBe('.data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ANNUITY_API_URL).toBeUndefined();
  });

  it('treats empty strings as unset, as a blank line in .env would be', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('names the variable and never echoes the bad value', () => {
    const secretLooking = 'not-a-key-but-secret-looking';
    let error: unknown;
    try {
      parseEnv({ ANNUITY_API_URL: 'https://api.example.test', ANNUITY_API_KEY: secretLooking, PORT: 'abc' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain('ANNUITY_API_KEY');
    expect(message).toContain('PORT');
    expect(message).not.toContain(secretLooking);
  });

  it('requires a key when a real service URL is configured', () => {
    expect(() => parseEnv({ ANNUITY_API_URL: 'https://api.example.test' })).toThrow(/ANNUITY_API_KEY/);
    expect(
      parseEnv({ ANNUITY_API_URL: 'https://api.example.test', ANNUITY_API_KEY: key }).ANNUITY_API_KEY,
    ).toBe(key);
  });

  it('accepts only PostgreSQL URLs for DATABASE_URL', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://localhost/test' })).toThrow(/DATABASE_URL/);
    expect(parseEnv({ DATABASE_URL: 'postgres://127.0.0.1:5432/test' }).DATABASE_URL).toContain('5432');
  });
});
