import { hashString, mix32 } from './prng';

/**
 * Deterministic, opaque UUIDs for generated records (spec: Conventions, path identifiers are
 * opaque, stable UUIDs). Each id encodes a (kind, sequence) pair through a keyed Feistel permutation,
 * so ids never collide inside a tenant, look random, and come out the same on every start: stored
 * decisions refer to generated events by these ids. The key comes from the tenant's own id, so two
 * tenants generated from the same seed still have disjoint ids.
 */

const ID_KINDS = { patent: 0, event: 1, invoice: 2, other: 3 } as const;
export type IdKind = keyof typeof ID_KINDS;

const LOW_31 = 0x7fffffff;
const ROUNDS = 4;

const HEX4 = Array.from({ length: 0x10000 }, (_, value) => value.toString(16).padStart(4, '0'));

/** Lower-case hex of a value below 16^digits, zero-padded (a table lookup: ids are made by the million). */
function hex(value: number, digits: 3 | 4): string {
  const text = HEX4[value] as string;
  return digits === 4 ? text : text.slice(1);
}

export class IdFactory {
  readonly #keys: number[];
  readonly #noiseKey: number;

  constructor(namespace: string) {
    const base = hashString(namespace);
    this.#keys = Array.from({ length: ROUNDS }, (_, round) => mix32(base + round * 0x9e3779b9));
    this.#noiseKey = mix32(base ^ 0x5bd1e995);
  }

  /** `sequence` must be below 2^31 (patents × 64 events fits easily). */
  id(kind: IdKind, sequence: number): string {
    let left = (ID_KINDS[kind] << 29) >>> 0;
    let right = sequence & LOW_31;
    for (const key of this.#keys) {
      const next = (left ^ (mix32(right ^ key) & LOW_31)) >>> 0;
      left = right;
      right = next;
    }
    // 62 unique bits (left, right: 31 each); the remaining 60 bits are keyed noise.
    const noiseA = mix32(left ^ this.#noiseKey);
    const noiseB = mix32(right + this.#noiseKey);
    const clockSeq = 0x8000 | (left >>> 17);
    const nodeHigh = ((left & 0x1ffff) << 1) | (right >>> 30); // 18 bits
    const nodeLow = right & 0x3fffffff; // 30 bits
    return (
      `${hex(noiseA >>> 16, 4)}${hex(noiseA & 0xffff, 4)}-${hex(noiseB >>> 16, 4)}-4${hex(noiseB & 0xfff, 3)}-` +
      `${hex(clockSeq, 4)}-${hex(nodeHigh >>> 2, 4)}${hex(((nodeHigh & 0x3) << 14) | (nodeLow >>> 16), 4)}${hex(nodeLow & 0xffff, 4)}`
    );
  }
}
