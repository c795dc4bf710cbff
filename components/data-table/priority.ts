/**
 * Priority columns, so no key column is off-screen at 1280 px. A table keeps its key columns
 * (the patent or reference, the due date, the decision, amount or status) at every width; the
 * others are hidden below the 2xl breakpoint (1536 px) and their values are shown in the row's
 * details instead (row-details.tsx), whose toggle is shown only below that breakpoint.
 */
export const LOW_PRIORITY = 'hidden 2xl:table-cell';

/** The row-details toggle: only where low-priority columns are hidden. */
export const DETAILS_ONLY_NARROW = '2xl:hidden';
