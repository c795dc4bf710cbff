import type { z } from 'zod';
import { PATENT_SORT_FIELDS, type PatentSortField, type strict } from '../../lib/annuity/schemas';
import { firstDayOfYearMonth, isIsoDate, isYearMonth, lastDayOfYearMonth } from '../domain/calendar';
import { type ValidationIssue, validationFailed } from '../domain/rule-violation';

/**
 * Query and path inputs (spec: Endpoints, Limits). Problems are collected into one 400
 * validation_failed whose pointers name the parameter (`/itemsPerPage`, `/offices/1`, `/patentId`).
 */

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class InputReader {
  readonly issues: ValidationIssue[] = [];
  constructor(readonly params: URLSearchParams) {}

  issue(pointer: string, detail: string): void {
    this.issues.push({ pointer, detail });
  }

  /** Throws the collected problems, if any. */
  done(): void {
    if (this.issues.length > 0) throw validationFailed(this.issues);
  }

  single(name: string): string | undefined {
    const values = this.params.getAll(name);
    if (values.length > 1) this.issue(`/${name}`, `give ${name} once (got ${values.length} values)`);
    return values[0];
  }

  positiveInteger(name: string): number | undefined {
    const raw = this.single(name);
    if (raw === undefined) return undefined;
    const value = Number(raw.trim());
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < 1) {
      this.issue(`/${name}`, `expected a whole number from 1, got "${raw}"`);
      return undefined;
    }
    return value;
  }

  list(name: string): string[] {
    return this.params.getAll(name);
  }
}

export interface PageRequest {
  currentPage: number;
  itemsPerPage: number;
}

/** spec: Limits 1 — default 10, larger sizes silently clamped to 100, pages 1-based. */
export function readPage(input: InputReader): PageRequest {
  const itemsPerPage = input.positiveInteger('itemsPerPage') ?? DEFAULT_PAGE_SIZE;
  const currentPage = input.positiveInteger('currentPage') ?? 1;
  return { currentPage, itemsPerPage: Math.min(itemsPerPage, MAX_PAGE_SIZE) };
}

export type PaginationView = z.input<typeof strict.pagination>;

export function paginationOf(totalItems: number, page: PageRequest): PaginationView {
  const totalPages = Math.ceil(totalItems / page.itemsPerPage);
  return {
    totalItems,
    currentPage: page.currentPage,
    itemsPerPage: page.itemsPerPage,
    totalPages,
    hasMore: page.currentPage < totalPages,
  };
}

/** spec: Endpoints 1 — one field, `-` for descending; any other field is a 400. */
export function readSort(input: InputReader): { field: PatentSortField; descending: boolean } | null {
  const raw = input.single('sort');
  if (raw === undefined) return null;
  const descending = raw.startsWith('-');
  const field = descending ? raw.slice(1) : raw;
  if (!(PATENT_SORT_FIELDS as readonly string[]).includes(field)) {
    input.issue(
      '/sort',
      `cannot sort on "${raw}"; allowed: ${PATENT_SORT_FIELDS.join(', ')} (prefix - for descending)`,
    );
    return null;
  }
  return { field: field as PatentSortField, descending };
}

/**
 * spec: Endpoints 9 rule 1 — a window is required: `dueMonth`, or both `dueFrom` and `dueTo`; with
 * both forms `dueMonth` wins. An empty parameter counts as absent.
 */
export function readWindow(input: InputReader): { from: string; to: string } | null {
  const dueMonth = input.single('dueMonth') || undefined;
  const dueFrom = input.single('dueFrom') || undefined;
  const dueTo = input.single('dueTo') || undefined;
  if (dueMonth !== undefined) {
    if (!isYearMonth(dueMonth)) {
      input.issue('/dueMonth', `expected a month as YYYY-MM, got "${dueMonth}"`);
      return null;
    }
    return { from: firstDayOfYearMonth(dueMonth), to: lastDayOfYearMonth(dueMonth) };
  }
  if (dueFrom === undefined && dueTo === undefined) {
    input.issue('/dueMonth', 'a due window is required: dueMonth, or both dueFrom and dueTo');
    return null;
  }
  if (dueFrom === undefined) input.issue('/dueFrom', 'dueFrom is required with dueTo (or give dueMonth)');
  if (dueTo === undefined) input.issue('/dueTo', 'dueTo is required with dueFrom (or give dueMonth)');
  if (dueFrom !== undefined && !isIsoDate(dueFrom))
    input.issue('/dueFrom', `expected a date as YYYY-MM-DD, got "${dueFrom}"`);
  if (dueTo !== undefined && !isIsoDate(dueTo))
    input.issue('/dueTo', `expected a date as YYYY-MM-DD, got "${dueTo}"`);
  if (input.issues.length > 0 || dueFrom === undefined || dueTo === undefined) return null;
  if (dueTo < dueFrom) {
    input.issue('/dueTo', `dueTo ${dueTo} is before dueFrom ${dueFrom}`);
    return null;
  }
  return { from: dueFrom, to: dueTo };
}

/** Office codes are two letters (spec: Endpoints 9); compared upper-case. */
export function readOffices(input: InputReader): string[] {
  return input.list('offices').flatMap((value, index) => {
    if (!/^[A-Za-z]{2}$/.test(value)) {
      input.issue(`/offices/${index}`, `expected a two-letter office code, got "${value}"`);
      return [];
    }
    return [value.toUpperCase()];
  });
}

/** `include` is comma-separated (and may repeat); unknown values are ignored (spec: Endpoints 9). */
export function readInclude(input: InputReader): Set<string> {
  return new Set(
    input
      .list('include')
      .flatMap((value) => value.split(','))
      .map((value) => value.trim()),
  );
}

export function readUuid(input: InputReader, name: string, value: string): string {
  if (!UUID.test(value)) input.issue(`/${name}`, `expected a UUID, got "${value}"`);
  return value.toLowerCase();
}
