'use client';

import { type ComponentProps, useEffect, useRef } from 'react';
import { cn } from './cn';

export type CheckedState = boolean | 'indeterminate';

/**
 * A checkbox: the native input, styled. The platform gives it its keyboard (Space), its label
 * (`htmlFor` or aria-label) and its role; `indeterminate` ("some of them", for a select-all box)
 * is a property the input only takes from script. Native rather than a widget library because a
 * month view renders one per row and re-renders them on every sort (bench: JS per route and
 * interaction time).
 */
export function Checkbox({
  checked = false,
  onCheckedChange,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  checked?: CheckedState;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = checked === 'indeterminate';
  }, [checked]);
  return (
    <input
      ref={input}
      type="checkbox"
      checked={checked === true}
      onChange={(event) => onCheckedChange?.(event.target.checked)}
      className={cn(
        'peer size-4 shrink-0 cursor-pointer rounded-sm accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
