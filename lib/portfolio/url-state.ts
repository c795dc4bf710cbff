import { MAX_PAGE_SIZE } from '@/lib/annuity/pagination';
import { MAX_PAGE } from '@/lib/http/limits';
import {
  choice,
  int,
  list,
  type RequestValues,
  requestQueryFor,
  tableExportParams,
  text,
  urlParsers,
} from '@/lib/http/url-state';
import { requestFromUrl, type UrlValues } from '@/lib/http/url-state-rules';
import { PATENT_SORT_FIELDS } from '../annuity/enums';
import { CLIENT_FILTER } from '../clients/client-filter';
import { normalizeTag, TAG_MAX_LENGTH } from '../signals/tags';
import { DEFAULT_HIDDEN_PATENT_COLUMNS, PATENT_COLUMN_IDS } from './columns';
import { isSearchable, MAX_SEARCH_LENGTH } from './search-key';

/**
 * The portfolio table's state in the URL: the one place to add a filter or a table setting. Add a
 * row to portfolioUrlState with its kind and rules, and `sent` when the service (api) or the export
 * must receive it; then add its control in portfolio-table.tsx. The parsers of its address (and
 * the page's loader, ./url-state-address.ts), the query strings of /api/portfolio and of the
 * export link, the lenient reading of a hand-edited address and the route handlers' schema
 * (./query.ts) all follow from this table.
 */

/** `field` ascending or `-field` descending: the service sorts on five fields only (spec: Endpoints 1). */
const PATENT_SORTS = PATENT_SORT_FIELDS.flatMap((field) => [field, `-${field}` as const]);

/** Longer is no provider id. */
const MAX_PROVIDER_ID_LENGTH = 200;

export const portfolioUrlState = {
  page: int({ min: 1, max: MAX_PAGE, default: 1, sent: ['api'] }),
  // The service caps a page at 100 (spec: Limits 1).
  size: int({ min: 1, max: MAX_PAGE_SIZE, default: 25, sent: ['api'] }),
  sort: choice(PATENT_SORTS, { sent: ['api', 'export'] }),
  providerId: text({ trim: true, min: 1, max: MAX_PROVIDER_ID_LENGTH, sent: ['api', 'export'] }),
  // The search over the snapshot (./search-key.ts); results are ranked, so it outranks `sort`.
  q: text({
    trim: true,
    min: 1,
    max: MAX_SEARCH_LENGTH,
    check: { test: isSearchable, message: 'expected letters or digits to search for' },
    sent: ['api', 'export'],
  }),
  // A team's tag (lib/signals/tags.ts): the patents carrying it, their own or their family's.
  tag: text({
    trim: true,
    min: 1,
    max: TAG_MAX_LENGTH,
    check: { test: (value: string) => normalizeTag(value) !== null, message: 'expected a tag' },
    sent: ['api', 'export'],
  }),
  // One of the user's clients, when they work for several: only its patents (a saved view and an
  // export keep it). The server refuses a client outside the user's as not found.
  client: text({
    trim: true,
    min: 1,
    max: 48,
    check: CLIENT_FILTER,
    sent: ['api', 'export'],
  }),
  hide: list(text(), { default: DEFAULT_HIDDEN_PATENT_COLUMNS }),
};

export const portfolioExportFields = { ...portfolioUrlState, ...tableExportParams(PATENT_COLUMN_IDS) };

/** What /api/portfolio is asked, once validated. */
export type PortfolioQuery = RequestValues<typeof portfolioUrlState, 'api'>;

/** The parser map useUrlState reads; the server page loads with ./url-state-address.ts. */
export const portfolioParams = urlParsers(portfolioUrlState);

/**
 * The service query the URL names. A hand-edited URL with a bad value falls back to the default
 * for that value (page 1, size within the cap of 100, no sort, no over-long provider id), never an
 * error page.
 */
export const portfolioQueryFromParams = (params: UrlValues<typeof portfolioUrlState, 'api'>) =>
  requestFromUrl(portfolioUrlState, 'api', params);

export const portfolioApiQuery = requestQueryFor(portfolioUrlState, 'api');
export const portfolioExportQuery = requestQueryFor(portfolioExportFields, 'export');
