'use client';

import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { type FacetedFilterProps, FacetTrigger } from './faceted-filter-trigger';

/** Long lists (owners, families) show the first matches only; the search narrows them. */
const MAX_SHOWN = 100;

/**
 * A multi-select filter in a popover: a button naming the filter and how many values are chosen,
 * a search box for long lists, and a checkbox per value. Keyboard: Tab through, Space toggles.
 * Loaded after the page hydrates (./faceted-filter.tsx).
 */
export function FacetedFilterPopover({
  title,
  options,
  selected,
  onChange,
  searchable = options.length > 12,
}: FacetedFilterProps) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const chosen = useMemo(() => new Set(selected), [selected]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const matches = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
    return matches.slice(0, MAX_SHOWN);
  }, [options, search]);

  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    onChange(options.map((o) => o.value).filter((v) => next.has(v)));
  };

  return (
    <Popover>
      <PopoverTrigger asChild>
        <FacetTrigger title={title} options={options} selected={selected} />
      </PopoverTrigger>
      <PopoverContent aria-label={`Filter by ${title.toLowerCase()}`}>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{title}</legend>
          {searchable ? (
            <>
              <label htmlFor={searchId} className="sr-only">
                Search {title.toLowerCase()}
              </label>
              <Input
                id={searchId}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={`Search ${title.toLowerCase()}…`}
                className="h-8"
              />
            </>
          ) : null}
          <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
            {shown.map((option) => {
              const id = `${searchId}-${option.value}`;
              return (
                <li
                  key={option.value}
                  className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-accent"
                >
                  <Checkbox
                    id={id}
                    checked={chosen.has(option.value)}
                    onCheckedChange={(state) => toggle(option.value, state === true)}
                  />
                  <label htmlFor={id} className="flex-1 cursor-pointer truncate text-sm">
                    {option.label}
                  </label>
                  {option.count !== undefined ? (
                    <span className="text-xs tabular-nums text-muted-foreground">{option.count}</span>
                  ) : null}
                </li>
              );
            })}
            {shown.length === 0 ? <li className="px-1 text-sm text-muted-foreground">No match</li> : null}
          </ul>
          {selected.length > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => onChange([])}>
              Clear {title.toLowerCase()}
            </Button>
          ) : null}
        </fieldset>
      </PopoverContent>
    </Popover>
  );
}
