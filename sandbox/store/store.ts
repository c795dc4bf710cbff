import type { TenantConfig } from '../domain/model';
import type { FreezeData, InstructionBatch, ProgressMove } from '../domain/mutations';

/** An API key as stored: never the key itself, only its hash (spec: Authentication 1). */
export interface StoredKey {
  id: string;
  tenantId: string;
  keyHash: string;
  keyHint: string;
  scopes: string[];
  expiresAt: string;
  dailyLimit: number;
  createdAt: string;
}

export interface TenantMutations {
  batches: InstructionBatch[];
  progress: ProgressMove[];
  freezes: FreezeData[];
}

/** Everything needed to rebuild the service's state at start-up. */
export interface StoredData {
  tenants: TenantConfig[];
  keys: StoredKey[];
  settings: Map<string, unknown>;
  /** Per tenant id, in the order the mutations happened. */
  mutations: Map<string, TenantMutations>;
}

/**
 * Persistence of what cannot be regenerated. Writes happen before the in-memory state changes,
 * so a failed write leaves the service as it was (spec: "A failed instruction batch leaves no
 * partial effect"); each method is one transaction.
 */
export interface SandboxStore {
  readonly kind: 'pglite' | 'postgres' | 'memory';
  load(): Promise<StoredData>;
  insertTenant(config: TenantConfig): Promise<void>;
  insertKey(key: StoredKey): Promise<void>;
  putSetting(key: string, value: unknown): Promise<void>;
  putFreeze(tenantId: string, freeze: FreezeData): Promise<void>;
  insertInstructionBatch(tenantId: string, batch: InstructionBatch): Promise<void>;
  insertProgress(tenantId: string, move: ProgressMove): Promise<void>;
  close(): Promise<void>;
}

export function emptyMutations(): TenantMutations {
  return { batches: [], progress: [], freezes: [] };
}

/** `--data-dir :memory:` — nothing persisted; for tests and throwaway runs. */
export function createMemoryStore(): SandboxStore {
  return {
    kind: 'memory',
    load: async () => ({ tenants: [], keys: [], settings: new Map(), mutations: new Map() }),
    insertTenant: async () => undefined,
    insertKey: async () => undefined,
    putSetting: async () => undefined,
    putFreeze: async () => undefined,
    insertInstructionBatch: async () => undefined,
    insertProgress: async () => undefined,
    close: async () => undefined,
  };
}
