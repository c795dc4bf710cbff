import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * A titled region of a page: a <section> named by its own <h2> (aria-labelledby), so assistive
 * technology lists it by its title. With `description` or `actions` the title stands in a heading
 * row: the title and its note on the left, the section's own controls (an export, a filter form)
 * on the right, wrapping under it on a narrow screen.
 */
export function PageSection({
  id,
  title,
  description,
  actions,
  alignActions = 'end',
  className,
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: ReactNode;
  /** Stands under the title, in the heading row (a <p> the caller styles). */
  description?: ReactNode;
  actions?: ReactNode;
  /** Where the actions sit against a title with a note: level with its last line, or its first. */
  alignActions?: 'start' | 'end';
  className?: string;
  children?: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-lg font-semibold">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={cn('flex flex-col gap-3', className)}>
      {description === undefined && actions === undefined ? (
        heading
      ) : (
        <div
          className={cn(
            'flex flex-wrap justify-between gap-3',
            alignActions === 'start' ? 'items-start' : 'items-end',
          )}
        >
          <div>
            {heading}
            {description}
          </div>
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
