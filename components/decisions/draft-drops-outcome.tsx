import Link from 'next/link';
import { plural } from '@/lib/format/plural';

/** What putting DROPs in the draft did (lib/server/decisions/draft-drops.ts), in words. */
export interface DraftDropsCounts {
  drafted: number;
  notOpen: number;
  alreadyInDraft: number;
  notRead: number;
}

export function DraftDropsOutcome({ done }: { done: DraftDropsCounts }) {
  return (
    <p>
      {done.drafted === 0 ? 'No DROP was added' : `${plural(done.drafted, 'DROP')} added to your draft`}
      {done.notOpen > 0 ? `; ${done.notOpen} cannot be dropped now (not open yet, or decided)` : ''}
      {done.alreadyInDraft > 0 ? `; ${done.alreadyInDraft} already in your draft, left as they are` : ''}
      {done.notRead > 0 ? `; ${done.notRead} not read from the service yet` : ''}.{' '}
      {done.drafted > 0 ? (
        <Link href="/renewals/review" className="text-primary underline-offset-2 hover:underline">
          Review, confirm each DROP and send
        </Link>
      ) : null}
    </p>
  );
}
