'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LineIcon } from '@/components/ui/line-icon';
import { isSearchable, MAX_SEARCH_LENGTH } from '@/lib/portfolio/search-key';

/** Long enough for a pause between words, short enough to feel immediate. */
const DEBOUNCE_MS = 300;

/** The search a draft asks for: none until it holds a letter or digit. */
const searchFor = (text: string) => (isSearchable(text) ? text.trim() : null);

/** The page's own search field (the header has another, components/shell/header-search.tsx). */
const PORTFOLIO_SEARCH_ID = 'portfolio-search';

/**
 * The portfolio search box. It searches as the user types, once typing pauses; Enter
 * searches at once and Escape or the clear button clears. The search itself lives in the URL
 * (`q`): the box shows what the address says when it changes elsewhere (back button, header).
 */
export function PortfolioSearch({
  value,
  onSearch,
}: {
  value: string | null;
  onSearch: (q: string | null) => void;
}) {
  const hintId = useId();
  const [draft, setDraft] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  // The address changed: follow it, unless it is only this box's own draft, trimmed.
  if (value !== seen) {
    setSeen(value);
    if ((value ?? '') !== draft.trim()) setDraft(value ?? '');
  }
  const latest = useRef(onSearch);
  latest.current = onSearch;

  useEffect(() => {
    const next = searchFor(draft);
    if (next === value) return;
    const timer = setTimeout(() => latest.current(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);

  const clear = () => {
    setDraft('');
    if (value !== null) latest.current(null);
  };

  return (
    <search aria-label="Portfolio search">
      <form
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          const next = searchFor(draft);
          if (next !== value) onSearch(next);
        }}
      >
        <Label htmlFor={PORTFOLIO_SEARCH_ID}>Search patents</Label>
        <div className="relative">
          <Glyph
            d="m21 21-4.3-4.3M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14"
            className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={PORTFOLIO_SEARCH_ID}
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_SEARCH_LENGTH}
            aria-describedby={hintId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && draft) {
                event.preventDefault();
                clear();
              }
            }}
            className="h-8 w-80 pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
          />
          {draft ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="Clear the search"
              className="absolute top-1/2 right-0.5 size-7 -translate-y-1/2"
              onClick={clear}
            >
              <Glyph d="M18 6 6 18M6 6l12 12" />
            </Button>
          ) : null}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          Case reference, provider ID, application, publication or grant number, title or owner. Case, spaces
          and punctuation do not matter.
        </p>
      </form>
    </search>
  );
}

/**
 * A line icon drawn in place: lucide-react would be the only icon library this route loads
 * (docs/performance.md, JS per route).
 */
function Glyph({ d, className = '' }: { d: string; className?: string }) {
  return (
    <LineIcon className={`size-4 ${className}`}>
      <path d={d} />
    </LineIcon>
  );
}
