import { readUrlValues, type SearchParams, type UrlPatch, urlOf } from '@/lib/http/url-parsers';
import { renewalsParams } from './url-state';

/**
 * The month view's whole address, read by its server page and written by links from other pages
 * (Today), with the parsers of ./url-state.ts and the one reader and writer of addresses
 * (lib/http/url-parsers.ts): a value equal to its default is left out of a link.
 */
export const loadRenewalsParams = (search: URLSearchParams | SearchParams) =>
  readUrlValues(renewalsParams, search);
export const serializeRenewalsParams = (path: string, values: UrlPatch<typeof renewalsParams>) =>
  urlOf(renewalsParams, path, values);
