import type { ReactNode } from 'react';

/**
 * A stroke icon drawn in place (24 × 24, in the text's colour, hidden from screen readers): a page
 * loads no icon library for a few glyphs (docs/performance.md, JS per route).
 */
export function LineIcon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}
