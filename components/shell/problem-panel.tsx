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

/** Whether the problem passes by itself (the server is still reading), so looking again helps. */
export function isPassing(problem: ProblemView): boolean {
  return problem.code !== undefined && PASSING_CODES.has(problem.code);
}

/**
 * A failure as the user reads it: what happened, what to do (both from the server's one error
 * table), and the reference support needs. Never an empty table pretending there is no data.
 * Data still being read (a first read of a month) is no failure: it is said in a neutral tone and
 * looked for again every few seconds (`lookAgain`, a query's refetch; by default the page's render).
 */
export function ProblemPanel({
  problem,
  action,
  lookAgain,
}: {
  problem: ProblemView;
  action?: React.ReactNode;
  lookAgain?: () => void;
}) {
  const passing = isPassing(problem);
  return (
    <Alert tone={passing ? 'info' : 'danger'}>
      <h2>{problem.title ?? 'Something went wrong'}</h2>
      <p>{problem.detail ?? 'The dashboard could not complete this request.'}</p>
      {problem.requestId && !passing ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Reference for support: <span className="font-mono">{problem.requestId}</span>
        </p>
      ) : null}
      {action ? (
        <div className="mt-3">{action}</div>
      ) : passing ? (
        <div className="mt-3">
          <RefreshSoon look={lookAgain} />
        </div>
      ) : null}
    </Alert>
  );
}
