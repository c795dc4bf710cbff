import 'server-only';
import type { SnapshotPatent } from './snapshot';

/**
 * The portfolio snapshot's join fields in this process's memory, one generation at a time. The
 * month view joins every renewal of a month to its patent and lists every office, owner and
 * family for its filters; read from the database on each view that cost more than the upstream
 * calls themselves (bench: month view server time, ~45 ms for the join and ~70 ms for the lists
 * on a 29,000-patent PGlite snapshot). The database stays the truth: each use reads the current
 * generation and its revision (one small row, bumped by a trigger whenever rows of the current
 * generation are added or removed, by any process), and a copy that differs in either is loaded
 * again. So a refresh, a patent remembered here or by another instance, or a row removed is seen
 * at the next view.
 */
export interface SnapshotFacets {
  offices: string[];
  owners: string[];
  families: string[];
}

export interface SnapshotIndex {
  patents: Map<string, SnapshotPatent>;
  /** Computed on first use. */
  facets: SnapshotFacets | null;
}

interface Held {
  generation: number;
  revision: number;
  index: Promise<SnapshotIndex>;
}

// Per database handle (a test opens several) and client connection (each has its own snapshot, so
// views of two clients never evict each other's copy), on globalThis so a module reload keeps it.
const holder = globalThis as typeof globalThis & { __snapshotIndex?: WeakMap<object, Map<string, Held>> };
const held = (db: object) => {
  holder.__snapshotIndex ??= new WeakMap();
  let byConnection = holder.__snapshotIndex.get(db);
  if (!byConnection) {
    byConnection = new Map();
    holder.__snapshotIndex.set(db, byConnection);
  }
  return byConnection;
};

/**
 * The copy of this database's snapshot of `connection` at `generation` and `revision`: the one in
 * memory when it matches, else loaded (concurrent callers share a load).
 */
export function snapshotIndex(
  db: object,
  connection: string,
  version: { generation: number; revision: number },
  load: () => Promise<readonly SnapshotPatent[]>,
): Promise<SnapshotIndex> {
  const copies = held(db);
  const current = copies.get(connection);
  if (current?.generation === version.generation && current.revision === version.revision) {
    return current.index;
  }
  const index = load().then((rows) => ({
    patents: new Map(rows.map((row) => [row.id, row])),
    facets: null,
  }));
  copies.set(connection, { ...version, index });
  // A failed load is not kept: the next view tries again.
  index.catch(() => {
    if (copies.get(connection)?.index === index) copies.delete(connection);
  });
  return index;
}

/** Distinct values, sorted for a filter's list. */
export const distinctSorted = (values: Iterable<string | null>) =>
  // Code-point order: the order the embedded database's C collation gave these lists.
  [...new Set([...values].filter((value): value is string => Boolean(value)))].sort();

/** Distinct offices, owners and families of the copy. */
export function facetsOf(index: SnapshotIndex): SnapshotFacets {
  if (!index.facets) {
    const patents = [...index.patents.values()];
    index.facets = {
      offices: distinctSorted(patents.map((patent) => patent.office)),
      owners: distinctSorted(patents.map((patent) => patent.owner)),
      families: distinctSorted(patents.map((patent) => patent.clientFamilyReference)),
    };
  }
  return index.facets;
}
