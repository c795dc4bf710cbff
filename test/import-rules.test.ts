import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ImportEdge, importEdges } from './import-graph';

/**
 * The layers of docs/architecture.md, enforced. Each rule names the files it governs and the
 * imports they may not make; a broken rule fails with every offending import listed.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

const under =
  (...prefixes: string[]) =>
  (file: string) =>
    prefixes.some((prefix) => file.startsWith(prefix));

/** The dashboard's own code: what `next build` and `npm start` ship (scripts and tests are tooling). */
const isDashboard = (file: string) =>
  under('app/', 'components/', 'lib/')(file) || ['proxy.ts', 'instrumentation.ts'].includes(file);

/** Browser-safe domain rules: lib/<area> folders other than the contract, the server and the database. */
const SERVER_SIDE_LIB = ['lib/annuity/', 'lib/server/', 'lib/db/'];
const SERVER_ONLY_LIB_FILES = ['lib/env.ts', 'lib/env-schema.ts', 'lib/log.ts', 'lib/redact.ts'];
const isBrowserSafeLib = (file: string) =>
  file.startsWith('lib/') &&
  file.split('/').length > 2 &&
  !under(...SERVER_SIDE_LIB)(file) &&
  !file.endsWith('.test.ts') &&
  !file.endsWith('testing.ts');

const isRouteHandler = (file: string) => file.startsWith('app/') && /\/route\.ts$/.test(file);

interface Rule {
  name: string;
  governs: (file: string) => boolean;
  forbids: (edge: ImportEdge) => boolean;
}

const RULES: Rule[] = [
  {
    name: 'components/ import neither lib/server, lib/db nor the service client (they reach the server through app/)',
    governs: under('components/'),
    forbids: (edge) =>
      !edge.isPackage &&
      (under('lib/server/', 'lib/db/')(edge.to) || (edge.to === 'lib/annuity/client.ts' && !edge.typeOnly)),
  },
  {
    name: 'lib/annuity imports nothing of ours outside itself',
    governs: under('lib/annuity/'),
    forbids: (edge) => !edge.isPackage && !edge.to.startsWith('lib/annuity/'),
  },
  {
    name: 'dashboard code never imports sandbox/',
    governs: isDashboard,
    forbids: (edge) => !edge.isPackage && edge.to.startsWith('sandbox/'),
  },
  {
    name: 'sandbox/ imports only itself and lib/annuity of ours',
    governs: under('sandbox/'),
    forbids: (edge) => !edge.isPackage && !under('sandbox/', 'lib/annuity/')(edge.to),
  },
  {
    name: 'app/ never opens the database: it calls lib/server, which does (type imports are fine)',
    governs: under('app/'),
    forbids: (edge) => !edge.isPackage && edge.to.startsWith('lib/db/') && !edge.typeOnly,
  },
  {
    name: 'route handlers never import from components/ (shared form schemas live in lib/<area>)',
    governs: isRouteHandler,
    forbids: (edge) => !edge.isPackage && edge.to.startsWith('components/'),
  },
  {
    name: 'browser-safe lib/<area> modules import no server code (lib/server, lib/db, env, logs, server-only)',
    governs: isBrowserSafeLib,
    forbids: (edge) =>
      edge.isPackage
        ? ['server-only', 'next/headers', 'pino'].includes(edge.to) || edge.to.startsWith('node:')
        : edge.to.startsWith('lib/annuity/')
          ? // The contract's schemas, enums and money are shared; its client only as types.
            edge.to === 'lib/annuity/client.ts' && !edge.typeOnly
          : under('lib/server/', 'lib/db/')(edge.to) || SERVER_ONLY_LIB_FILES.includes(edge.to),
  },
  {
    name: 'lib/server is imported only by app/, lib/server itself and the server entry points',
    governs: (file) =>
      isDashboard(file) &&
      !file.startsWith('app/') &&
      !file.startsWith('lib/server/') &&
      file !== 'instrumentation.ts',
    forbids: (edge) => !edge.isPackage && edge.to.startsWith('lib/server/'),
  },
  {
    // The pipeline sits on top of every feature: a feature that imported it back would make a
    // folder cycle through it (it once held the problem helpers every feature needed).
    name: 'lib/server/http (the request pipeline) is imported by no other lib/server folder',
    governs: (file) => file.startsWith('lib/server/') && !file.startsWith('lib/server/http/'),
    forbids: (edge) => !edge.isPackage && edge.to.startsWith('lib/server/http/'),
  },
  {
    name: 'lib/server/errors and lib/server/files, below every feature, import no other lib/server folder',
    governs: under('lib/server/errors/', 'lib/server/files/'),
    forbids: (edge) =>
      !edge.isPackage &&
      edge.to.startsWith('lib/server/') &&
      !under('lib/server/errors/', 'lib/server/files/')(edge.to),
  },
  {
    name: 'the worker (lib/server/jobs) is started only by the server runtime and scripts/worker.ts',
    governs: (file) =>
      isDashboard(file) && !file.startsWith('lib/server/jobs/') && !file.startsWith('lib/server/runtime/'),
    forbids: (edge) => !edge.isPackage && edge.to.startsWith('lib/server/jobs/'),
  },
  {
    name: 'every local import resolves to a file',
    governs: () => true,
    forbids: (edge) => edge.to.startsWith('<unresolved>'),
  },
];

function violations(edges: readonly ImportEdge[], rule: Rule): string[] {
  return edges
    .filter((edge) => rule.governs(edge.from) && rule.forbids(edge))
    .map((edge) => `${edge.from} → ${edge.specifier}`);
}

describe('import rules (docs/architecture.md, "Who may import what")', () => {
  const edges = importEdges(root);

  it('reads the real graph: known edges are found, type-only ones marked', () => {
    const has = (from: string, to: string) => edges.some((edge) => edge.from === from && edge.to === to);
    expect(edges.length).toBeGreaterThan(1000);
    expect(has('app/api/session/route.ts', 'lib/server/auth/sign-in.ts')).toBe(true);
    expect(has('lib/server/http/route.ts', 'lib/policy/roles.ts')).toBe(true);
    expect(has('sandbox/api/views.ts', 'lib/annuity/schemas.ts')).toBe(true);
    expect(edges.some((edge) => edge.typeOnly)).toBe(true);
  });

  it('each rule catches the import it exists for', () => {
    const edge = (from: string, to: string, isPackage = false): ImportEdge => ({
      from,
      to,
      specifier: to,
      isPackage,
      typeOnly: false,
    });
    const bad: Record<string, ImportEdge> = {
      'components/': edge('components/x/y.tsx', 'lib/server/auth/session.ts'),
      'lib/annuity': edge('lib/annuity/client.ts', 'lib/log.ts'),
      'dashboard code': edge('app/page.tsx', 'sandbox/demo.ts'),
      'sandbox/': edge('sandbox/service.ts', 'lib/renewals/rows.ts'),
      'route handlers': edge('app/api/x/route.ts', 'components/x/x.schema.ts'),
      'app/ never opens': edge('app/(dashboard)/x/page.tsx', 'lib/db/index.ts'),
      'browser-safe': edge('lib/renewals/rows.ts', 'lib/db/schema.ts'),
      'lib/server is imported': edge('lib/renewals/rows.ts', 'lib/server/http/route.ts'),
      'lib/server/http (the': edge('lib/server/audit/audit.ts', 'lib/server/http/route.ts'),
      'lib/server/errors and': edge('lib/server/errors/problem.ts', 'lib/server/audit/audit.ts'),
      'the worker': edge('app/api/x/route.ts', 'lib/server/jobs/worker.ts'),
      'every local import': edge('lib/renewals/rows.ts', '<unresolved>./gone'),
    };
    for (const rule of RULES) {
      const key = Object.keys(bad).find((start) => rule.name.startsWith(start));
      expect(key, rule.name).toBeDefined();
      expect(violations([bad[key as string] as ImportEdge], rule), rule.name).toHaveLength(1);
    }
  });

  for (const rule of RULES) {
    it(rule.name, () => {
      expect(violations(edges, rule)).toEqual([]);
    });
  }
});

/**
 * The synced copy's tables are the ground floor every page reads (docs/architecture.md, "The
 * synced copy"): only lib/server/sync reads or writes them, so that whose data a row is and how
 * old it is are decided in one place. The files below still query them directly and are to move
 * onto lib/server/sync's reads; the list only shrinks: a file that no longer touches the tables
 * fails the test until it leaves the list, and any other file that starts to touch them fails it.
 */
const COPY_TABLES = /\b(syncEvent|syncWindow|syncHealth|syncPatentEvents|syncRefreshUse|syncDocument)\b/;
const COPY_READERS_TO_MOVE = [
  'lib/server/connection/clients.ts',
  'lib/server/decisions/draft-drops.ts',
  'lib/server/portfolio/data-quality.ts',
  'lib/server/portfolio/family.ts',
  'lib/server/reviews/candidates.ts',
  'lib/server/reviews/holds.ts',
  'lib/server/signals/keep-scores.ts',
  'lib/server/signals/signals.ts',
];

function* dashboardSources(dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* dashboardSources(file);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|testing\.ts$/.test(entry.name)) yield file;
  }
}

/** Dashboard files outside lib/server/sync and lib/db that name a table of the copy. */
function copyTableUsers(): string[] {
  return ['app', 'components', 'lib']
    .flatMap((dir) => [...dashboardSources(dir)])
    .filter((file) => !under('lib/server/sync/', 'lib/db/')(file))
    .filter((file) => COPY_TABLES.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

describe("the synced copy's tables", () => {
  it('are touched only by lib/server/sync, and by the files still to move onto it', () => {
    expect(copyTableUsers()).toEqual(COPY_READERS_TO_MOVE);
  });
});
