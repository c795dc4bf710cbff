import Link from 'next/link';
import type { ComponentProps } from 'react';
import { cn } from '@/components/ui/cn';

const FOCUS = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The shell's two kinds of page link: a section's tab (underlined) and the sidebar's entry (filled). */
const LOOKS = {
  tab: {
    base: `-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground ${FOCUS}`,
    current: 'border-primary text-foreground',
  },
  sidebar: {
    base: `block rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground ${FOCUS}`,
    current: 'bg-accent text-foreground',
  },
} as const;

/**
 * A link to a page that says when it is the page shown: aria-current="page" for screen readers,
 * and its look's current style for the eye.
 */
export function NavLink({
  current,
  look,
  ...link
}: Omit<ComponentProps<typeof Link>, 'className' | 'aria-current'> & {
  current: boolean;
  look: keyof typeof LOOKS;
}) {
  return (
    <Link
      {...link}
      aria-current={current ? 'page' : undefined}
      className={cn(LOOKS[look].base, current && LOOKS[look].current)}
    />
  );
}
