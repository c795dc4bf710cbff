import { earlyClicks } from '@/components/ui/deferred';

/** What "Refresh now" reads again: the page's months, or one patent, or one freeze month. */
export interface CopyRefreshTarget {
  months: readonly string[];
  patentId?: string | undefined;
  freezeMonth?: string | undefined;
}

/** A click on Refresh now before its code arrived (./copy-age-notice.tsx → ./copy-refresh-button.tsx). */
export const copyRefreshClicks = earlyClicks();
