import type { AddressProblem } from '@/lib/http/url-state-rules';
import { ProblemPanel } from './problem-panel';

/**
 * A page whose address names a value it cannot use (a hand-edited or old link): it says which and
 * why, and offers the address without them, instead of quietly showing a default while the
 * address keeps the bad value. Every table page answers a bad address this way.
 */
export function AddressProblemPanel({
  problems,
  correctedHref,
  requestId,
}: {
  problems: readonly AddressProblem[];
  correctedHref: string;
  requestId?: string;
}) {
  return (
    <ProblemPanel
      problem={{
        title: 'This address does not name a valid view',
        detail: `Check ${problems.map((problem) => `${problem.field} (${problem.message})`).join(', ')}.`,
        requestId,
      }}
      action={
        <a className="text-primary underline" href={correctedHref}>
          Open the page without {problems.length === 1 ? 'it' : 'them'}
        </a>
      }
    />
  );
}
