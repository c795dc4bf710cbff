import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { MAX_SEARCH_LENGTH } from '@/lib/portfolio/search-key';

/** A stable id, for the keyboard shortcut that focuses the search from any page. */
const HEADER_SEARCH_ID = 'header-search';

/**
 * The portfolio search from any page: a plain GET form to /portfolio?q=…, so it costs
 * no JavaScript in any route's bundle; the portfolio page then searches as the user refines it.
 * Only for roles that may read the portfolio (the page checks again).
 */
export function HeaderSearch() {
  return (
    <search aria-label="Search the portfolio from any page">
      <form action="/portfolio" method="get" className="relative">
        <label htmlFor={HEADER_SEARCH_ID} className="sr-only">
          Search the portfolio
        </label>
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={HEADER_SEARCH_ID}
          name="q"
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Search patents…"
          className="h-8 w-64 pl-8"
        />
      </form>
    </search>
  );
}
