'use client';

import { useCallback, useState } from 'react';

/** The ids a form's checkboxes have chosen: `toggle` one on or off, `clear` after the form was sent. */
export function useChosen() {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setChosen((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setChosen(new Set()), []);
  return { chosen, toggle, clear };
}
