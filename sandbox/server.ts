import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { SandboxConfig } from './config';
import { startDemoPipeline } from './demo-pipeline';
import { ensureDemoTenants } from './demo-tenant';
import { createSandboxApp } from './http/app';
import type { FaultInjector } from './http/faults';
import { SandboxProfile } from './profiles';
import { SandboxService } from './service';
import { openPgliteStore, openPostgresStore } from './store/sql-store';
import { createMemoryStore, type SandboxStore } from './store/store';

const MEMORY_DATA_DIR = ':memory:';

function openConfiguredStore(config: Pick<SandboxConfig, 'databaseUrl' | 'dataDir'>): Promise<SandboxStore> {
  if (config.databaseUrl) return openPostgresStore(config.databaseUrl);
  if (config.dataDir === MEMORY_DATA_DIR) return Promise.resolve(createMemoryStore());
  return openPgliteStore(config.dataDir);
}

export interface RunningSandbox {
  url: string;
  service: SandboxService;
  faults: FaultInjector;
  /** Stops accepting requests, ends open connections, waits for writes and closes the store. */
  close(): Promise<void>;
}

/**
 * Opens the store, rebuilds the state (creating the demo tenant on an empty store), and serves the
 * API and the operator API on one port.
 */
export async function startSandbox(
  config: Omit<SandboxConfig, 'operatorToken' | 'profile'> & {
    operatorToken: string;
    profile?: SandboxConfig['profile'];
  },
  log: (message: string, error?: unknown) => void = (message, error) =>
    error === undefined ? console.error(message) : console.error(message, error),
): Promise<RunningSandbox> {
  const store = await openConfiguredStore(config);
  let service: SandboxService;
  try {
    service = await SandboxService.open({
      store,
      today: config.today,
      profile: new SandboxProfile(config.profile ?? 'default'),
    });
    const created = await ensureDemoTenants(service);
    if (created.length > 0)
      log(`sandbox: created the demo tenants ${created.join(', ')} and their demo keys`);
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  const { app, faults } = createSandboxApp({ service, operatorToken: config.operatorToken, log });
  const stopDemo = config.demo ? startDemoPipeline(service, config.demoStepSeconds, log) : () => undefined;

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(started),
    );
    started.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${address.port}`,
    service,
    faults,
    close() {
      closing ??= (async () => {
        stopDemo();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await service.close();
      })();
      return closing;
    },
  };
}
