import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConnection, upstreamApiKey, upstreamKeyState } from '../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../db/testing';
import { DEFAULT_CONNECTION } from './default-connection';
import { ensureDemoClients } from './demo-clients';
import { keyCipher } from './key-crypto';

const secrets = { AUTH_SECRET: 'a test secret that is long enough for hkdf 0123456789' };
const clients = [
  { id: 'demo', name: 'Demo portfolio (Europe)', apiKey: 'a'.repeat(64) },
  { id: 'pacific', name: 'Pacific Rim Instruments', apiKey: 'b'.repeat(64) },
];

describe('the demo clients on a fresh start', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.dispose());

  it('names the first client and stores the second with its key encrypted, in use', async () => {
    await ensureDemoClients(database.db, secrets, clients);
    const rows = await database.db.select().from(clientConnection);
    expect(rows.map((row) => [row.id, row.name]).sort()).toEqual([
      [DEFAULT_CONNECTION, 'Demo portfolio (Europe)'],
      ['pacific', 'Pacific Rim Instruments'],
    ]);
    const [key] = await database.db
      .select()
      .from(upstreamApiKey)
      .where(eq(upstreamApiKey.connection, 'pacific'));
    expect(key?.ciphertext).not.toContain('b'.repeat(16));
    expect(keyCipher(secrets).decrypt(key?.ciphertext ?? '', key?.id ?? '')).toBe('b'.repeat(64));
    const [state] = await database.db
      .select()
      .from(upstreamKeyState)
      .where(eq(upstreamKeyState.id, 'pacific'));
    expect(state?.activeKeyId).toBe(key?.id);
  });

  it('leaves what an administrator changed on the next start', async () => {
    await database.db
      .update(clientConnection)
      .set({ name: 'Our European patents' })
      .where(eq(clientConnection.id, DEFAULT_CONNECTION));
    await database.db
      .update(clientConnection)
      .set({ retiredAt: new Date() })
      .where(eq(clientConnection.id, 'pacific'));
    await ensureDemoClients(database.db, secrets, clients);
    const rows = await database.db.select().from(clientConnection);
    expect(rows.find((row) => row.id === DEFAULT_CONNECTION)?.name).toBe('Our European patents');
    expect(rows.find((row) => row.id === 'pacific')?.retiredAt).not.toBeNull();
    expect(
      await database.db.select().from(upstreamApiKey).where(eq(upstreamApiKey.connection, 'pacific')),
    ).toHaveLength(1);
  });
});
