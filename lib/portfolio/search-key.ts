import type { Page, Patent } from '@/lib/annuity/schemas';

/**
 * How the portfolio search compares text: case, spaces, punctuation and diacritics do
 * not count, so "EP 1 234 567 B1" finds "ep1234567b1", "PCT/EP2019/012345" finds
 * "pctep2019012345" and "muller" finds "Müller". The snapshot stores these keys beside each patent
 * (lib/server/portfolio/search.ts) and the query is reduced the same way, here, in one place.
 * Browser-safe and without zod: the search box uses it to tell an empty search from a real one.
 */

/** Letters that carry no combining mark to drop, spelled the way people type them without it. */
const FOLDED: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const FOLDED_LETTERS = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'g');

/**
 * The text as compared: lower case, accents dropped, only letters and digits kept (of any script,
 * so a Japanese title is still searchable). "EP 1 234 567 B1" → "ep1234567b1".
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(FOLDED_LETTERS, (letter) => FOLDED[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Longer is no search: the longest reference or title a user would type, with room to spare. */
export const MAX_SEARCH_LENGTH = 100;

/** A search must leave at least one letter or digit once reduced ("--" searches for nothing). */
export const isSearchable = (text: string): boolean => searchKey(text).length > 0;

/** The fields a search looks at: the patent's numbers and references, then its words. */
const SEARCH_NUMBER_FIELDS = [
  'clientCaseReference',
  'providerId',
  'applicationNumber',
  'publicationNumber',
  'grantPublicationNumber',
  'pctApplicationNumber',
] as const;
const SEARCH_WORD_FIELDS = ['title', 'owner', 'secondaryOwners'] as const;
type SearchField = (typeof SEARCH_NUMBER_FIELDS)[number] | (typeof SEARCH_WORD_FIELDS)[number];

const SEARCH_FIELD_LABELS: Record<SearchField, string> = {
  clientCaseReference: 'Case reference',
  providerId: 'Provider ID',
  applicationNumber: 'Application number',
  publicationNumber: 'Publication number',
  grantPublicationNumber: 'Grant number',
  pctApplicationNumber: 'PCT application number',
  title: 'Title',
  owner: 'Owner',
  secondaryOwners: 'Co-owner',
};

/** The patent fields the search reads (a Patent has them all; spec: Patent). */
export type Searchable = {
  [F in (typeof SEARCH_NUMBER_FIELDS)[number] | 'title' | 'owner']: string | null;
} & { secondaryOwners: readonly string[] | null };

const valuesOf = (patent: Searchable, field: SearchField): string[] => {
  const value = patent[field];
  if (value === null) return [];
  return typeof value === 'string' ? [value] : [...value];
};

/**
 * The two search columns of a snapshot row: the keys of its numbers, and of its words, each list
 * joined by spaces so a match never runs from one field into the next.
 */
export function searchColumns(patent: Searchable): { numbers: string; words: string } {
  const keys = (fields: readonly SearchField[]) =>
    fields
      .flatMap((field) => valuesOf(patent, field))
      .map(searchKey)
      .filter(Boolean)
      .join(' ');
  return { numbers: keys(SEARCH_NUMBER_FIELDS), words: keys(SEARCH_WORD_FIELDS) };
}

/**
 * How well a patent matched, best first; the server ranks results in this order
 * (lib/server/portfolio/search.ts) and the table says which field and how.
 */
type MatchKind = 'exact' | 'starts' | 'contains' | 'similar';

export interface SearchMatch {
  kind: MatchKind;
  /** Null for a similar match: the words of the title and owners were close, not one field. */
  field: SearchField | null;
}

/**
 * Which field made a patent match, and how: exact number first, then a number or word field that
 * starts with the search, then one that contains it, else it was only similar. The same order as
 * the server's ranking, read back for the row the user sees.
 */
export function matchOf(patent: Searchable, query: string): SearchMatch {
  const key = searchKey(query);
  const fields = [...SEARCH_NUMBER_FIELDS, ...SEARCH_WORD_FIELDS];
  const keyed = fields.flatMap((field) =>
    valuesOf(patent, field).map((value) => ({ field, value: searchKey(value) })),
  );
  const numbers = new Set<SearchField>(SEARCH_NUMBER_FIELDS);
  const exact = keyed.find((entry) => numbers.has(entry.field) && entry.value === key);
  if (exact) return { kind: 'exact', field: exact.field };
  const starts = keyed.find((entry) => entry.value.startsWith(key));
  if (starts) return { kind: 'starts', field: starts.field };
  const contains = keyed.find((entry) => entry.value.includes(key));
  if (contains) return { kind: 'contains', field: contains.field };
  return { kind: 'similar', field: null };
}

/** The words the table shows for a match: "Publication number: exact", "Owner: contains". */
export function matchLabel(match: SearchMatch): string {
  if (!match.field) return 'Similar title or owner';
  const how = { exact: 'exact', starts: 'starts with the search', contains: 'contains the search' };
  return `${SEARCH_FIELD_LABELS[match.field]}: ${how[match.kind as keyof typeof how] ?? match.kind}`;
}

/** A page of the portfolio as /api/portfolio answers it: with a search, what each patent matched. */
export type PortfolioPage = Page<Patent> & {
  /** When the snapshot the page was read from was taken (our copy of the patents). */
  snapshotAt?: string | null;
  /** Each patent's client name, in the order of `data`, when the user works for several clients. */
  clients?: string[];
  search?: {
    /** One per patent of `data`, in the same order. */
    matches: SearchMatch[];
    /** The snapshot the search read (the service cannot search, spec: Endpoints 1). */
    snapshotAt: string | null;
  };
};
