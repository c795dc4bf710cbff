import { earlyClicks } from '@/components/ui/deferred';

/** Clicks on a budget's Delete before the dialog's code arrived, by budget id. */
export const budgetDeleteClicks = earlyClicks();
