import { withClasses } from './with-classes';

/** The platform <select>: fully keyboard- and screen-reader-accessible with no script. */
export const NativeSelect = withClasses(
  'select',
  'h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 aria-invalid:border-destructive',
);
