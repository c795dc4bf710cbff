import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { clientConnection, upstreamApiKey, upstreamKeyState } from '../../db/schema';
import { DEFAULT_CONNECTION } from './default-connection';
import { type KeySecrets, keyCipher, lastFour } from './key-crypto';

/** A client of the stand-in's demo: its connection id, its name and its (published) demo key. */
export interface DemoClient {
  id: string;
  name: string;
  apiKey: string;
}

/**
 * The demo's clients as connections, so a fresh start shows several clients (spec: Authentication
 * 1, one key per client). The first is the default connection (its key is ANNUITY_API_KEY): only its
 * name is set, and only while it still has the name the migration gave it. Each other one gets its
 * connection and its key, stored encrypted like any other and made its key. Used only when the
 * upstream is the stand-in (the keys are the demo's); a client already there is left as it is, so an
 * administrator's renames and retirements survive restarts.
 */
export async function ensureDemoClients(
  db: Database,
  secrets: KeySecrets,
  clients: readonly DemoClient[],
): Promise<void> {
  const [first, ...others] = clients;
  if (first)
    await db
      .update(clientConnection)
      .set({ name: first.name })
      .where(and(eq(clientConnection.id, DEFAULT_CONNECTION), eq(clientConnection.name, 'Default client')));
  const cipher = keyCipher(secrets);
  for (const client of others) {
    const [existing] = await db.select().from(clientConnection).where(eq(clientConnection.id, client.id));
    if (existing) continue;
    const keyId = randomUUID();
    await db.transaction(async (tx) => {
      await tx.insert(clientConnection).values({ id: client.id, name: client.name, createdByEmail: null });
      await tx.insert(upstreamApiKey).values({
        id: keyId,
        connection: client.id,
        source: 'stored',
        fingerprint: cipher.fingerprint(client.apiKey),
        ciphertext: cipher.encrypt(client.apiKey, keyId),
        last4: lastFour(client.apiKey),
        label: `${client.name} demo key`,
        activatedAt: new Date(),
      });
      await tx
        .insert(upstreamKeyState)
        .values({ id: client.id, activeKeyId: keyId, revision: 1, switchedAt: new Date() });
    });
  }
}
