import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor; this is the primitive
  return <label className={cn('text-sm font-medium leading-none', className)} {...props} />;
}
