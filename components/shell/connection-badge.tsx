import { Badge } from '@/components/ui/badge';

export interface ConnectionSummary {
  reachable: boolean;
  keyState: 'valid' | 'invalid' | 'expired' | 'unknown';
  missingScopes: string[];
}

/** The service connection as the last check saw it, in words a paralegal can act on. */
export function ConnectionBadge({ summary }: { summary: ConnectionSummary | null }) {
  if (!summary) return <Badge tone="neutral">Service: not checked yet</Badge>;
  if (!summary.reachable) return <Badge tone="danger">Service unreachable</Badge>;
  if (summary.keyState === 'expired') return <Badge tone="danger">API key expired</Badge>;
  if (summary.keyState === 'invalid') return <Badge tone="danger">API key not accepted</Badge>;
  if (summary.missingScopes.length > 0) {
    return (
      <Badge tone="warning">
        Key lacks {summary.missingScopes.length === 1 ? 'a scope' : `${summary.missingScopes.length} scopes`}
      </Badge>
    );
  }
  return <Badge tone="success">Service connected</Badge>;
}
