import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';

const alertVariants = cva('relative w-full rounded-lg border p-4 text-sm [&_h2]:font-semibold [&_h2]:mb-1', {
  variants: {
    tone: {
      info: 'border-primary/30 bg-primary/5',
      warning: 'border-warning/40 bg-warning/5',
      danger: 'border-destructive/40 bg-destructive/5',
    },
  },
  defaultVariants: { tone: 'info' },
});

/** A message block. `role="alert"` only for danger, so routine notices are not announced as urgent. */
export function Alert({
  className,
  tone,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn(alertVariants({ tone }), className)}
      {...props}
    />
  );
}

/** What went wrong with the user's last action, in the problem's own words; nothing while all is well. */
export function FailureAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert tone="danger">
      <p>{message}</p>
    </Alert>
  );
}
