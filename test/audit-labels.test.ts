import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '@/lib/server/audit/audit-labels';

/**
 * Every action the code records in the audit log has words on the audit page: the action of each
 * audit call and of each route's `audit` option, and the constants named *_ACTION, found in the
 * source. An action the code records without a label would show as its code ("reviews.place").
 */
const ACTION = /'([a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*)'/g;

function recordedActions(): Map<string, string> {
  const found = new Map<string, string>();
  const root = join(import.meta.dirname, '..');
  const files = ['app', 'lib'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((path) => join(dir, path)),
  );
  for (const file of files.filter(
    (path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.endsWith('audit-labels.ts'),
  )) {
    const source = readFileSync(join(root, file), 'utf8');
    // What follows an audit call or option, up to the end of its statement or object entry.
    for (const call of source.matchAll(
      /(?:auditSuccess|recordAudit|auditFailure)\s*\(|\baudit:\s*|\baction:\s*|\b[A-Z_]*ACTION\s*=\s*/g,
    )) {
      const rest = source.slice(call.index + call[0].length);
      const end = rest.search(/;|\n\s*\}\s*[,)]/);
      for (const action of rest.slice(0, end === -1 ? 400 : Math.min(end, 400)).matchAll(ACTION))
        if (!found.has(action[1] as string)) found.set(action[1] as string, file);
    }
  }
  return found;
}

describe('the audit log’s words', () => {
  it('labels every action the code records', () => {
    const actions = recordedActions();
    // The scan finds the calls: these are recorded in four different ways.
    for (const known of ['reviews.place', 'users.deactivate', 'auth.sign_in_failed', 'rate_freezes.freeze'])
      expect(actions.has(known), known).toBe(true);
    const unlabelled = [...actions].filter(([action]) => !(action in AUDIT_ACTION_LABELS));
    expect(unlabelled).toEqual([]);
    expect(auditActionLabel('reviews.place')).toBe('Review hold placed');
  });

  it('shows an action it has no words for readably, its code kept in brackets', () => {
    expect(auditActionLabel('widgets.spin_up')).toBe('Widgets: spin up (widgets.spin_up)');
  });
});
