import { type AddressProblem, addressWithout } from '@/lib/http/url-state-rules';
import { ProblemPanel } from './problem-panel';

/**
 * A page whose address names a value it cannot use (a hand-edited or old link): it says which and
 * why, and offers the address without them, instead of quietly showing a default while the
 * address keeps the bad value. Every table page answers a bad address this way.
 */
export function AddressProblemPanel({
  problems,
  path,
  search,
  fields = problems.map((problem) => problem.field),
  requestId,
}: {
  problems: readonly AddressProblem[];
  /** The page's path and its search parameters as received: the link keeps all but `fields`. */
  path: string;
  search: Parameters<typeof addressWithout>[1];
  /** The parameters to leave out; by default the ones the problems name. */
  fields?: readonly string[];
  requestId?: string;
}) {
  const correctedHref = addressWithout(path, search, fields);
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
