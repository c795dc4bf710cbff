import { Badge } from '@/components/ui/badge';

export interface ConnectionSummary {
  reachable: boolean;
  keyState: 'valid' | 'invalid' | 'expired' | 'unknown';
  missingScopes: string[];
}

/**
 * A client's service connection as the last check saw it, in words a paralegal can act on. With
 * several clients in view it is the worst of them, named (each has its own key, spec:
 * Authentication 1).
 */
export function ConnectionBadge({
  summary,
  client = null,
}: {
  summary: ConnectionSummary | null;
  /** The client it is, with several in view (lib/server/connection/header-status.ts). */
  client?: { name: string; of: number } | null;
}) {
  const whose = client ? ` · ${client.name}` : '';
  if (!summary) return <Badge tone="neutral">Service: not checked yet{whose}</Badge>;
  if (!summary.reachable) return <Badge tone="danger">Service unreachable{whose}</Badge>;
  if (summary.keyState === 'expired') return <Badge tone="danger">API key expired{whose}</Badge>;
  if (summary.keyState === 'invalid') return <Badge tone="danger">API key not accepted{whose}</Badge>;
  if (summary.missingScopes.length > 0) {
    return (
      <Badge tone="warning">
        Key lacks {summary.missingScopes.length === 1 ? 'a scope' : `${summary.missingScopes.length} scopes`}
        {whose}
      </Badge>
    );
  }
  // Every client in view is connected: no name to single out.
  return <Badge tone="success">Service connected</Badge>;
}
