import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A multi-line text field styled as `Input`, marked when invalid (wrap it in `FormField` for its label and error). */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
