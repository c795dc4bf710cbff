'use client';

import { useId, useState } from 'react';

const BUTTON_CLASS =
  'rounded text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * A disclosure inside a table row: a text button that shows and hides its panel, reached by Tab,
 * toggled with Enter or Space and announced as expanded or collapsed (aria-expanded, aria-controls).
 * Several rows carry one, so the button names its row for screen readers ("Details of EP 123").
 * Returns the button, the panel's id and whether it is open; the caller draws the panel. `of`
 * names what is disclosed (default: `name`): the panel is open only for the one it was opened for.
 */
export function useDisclosure(label: string, name: string, of: string = name) {
  // Open for one row's content: a table that reuses the row for another one (a sort, a filter)
  // shows it closed without building the button again.
  const [openFor, setOpenFor] = useState<string | null>(null);
  const open = openFor === of;
  const id = useId();
  const button = (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={id}
      onClick={() => setOpenFor(open ? null : of)}
      className={BUTTON_CLASS}
    >
      {label}
      <span className="sr-only"> of {name}</span>
    </button>
  );
  return { open, id, button };
}
