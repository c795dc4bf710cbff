import { withClasses } from './with-classes';

/** A multi-line text field styled as `Input`, marked when invalid (wrap it in `FormField` for its label and error). */
export const Textarea = withClasses(
  'textarea',
  'w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive',
);
