import { Alert } from '@/components/ui/alert';
import { RefreshSoon } from './refresh-soon';

/** Problems that pass by themselves: data the server is still reading from the service. */
const PASSING_CODES = new Set(['copy_month_still_reading']);

export interface ProblemView {
  title?: string;
  detail?: string;
  code?: string;
  requestId?: string;
}

/**
 * A failure as the user reads it: what happened, what to do (both from the server's one error
 * table), and the reference support needs. Never an empty table pretending there is no data.
 */
export function ProblemPanel({ problem, action }: { problem: ProblemView; action?: React.ReactNode }) {
  return (
    <Alert tone="danger">
      <h2>{problem.title ?? 'Something went wrong'}</h2>
      <p>{problem.detail ?? 'The dashboard could not complete this request.'}</p>
      {problem.requestId ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Reference for support: <span className="font-mono">{problem.requestId}</span>
        </p>
      ) : null}
      {action ? (
        <div className="mt-3">{action}</div>
      ) : problem.code && PASSING_CODES.has(problem.code) ? (
        <div className="mt-3">
          <RefreshSoon />
        </div>
      ) : null}
    </Alert>
  );
}
