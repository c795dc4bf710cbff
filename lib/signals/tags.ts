/**
 * Tags and notes a team keeps on patents and families (product, licence, litigation, "core"…).
 * Browser-safe rules shared by the forms, the CSV import and the server.
 */

export const TAG_SCOPES = ['patent', 'family'] as const;
export type TagScope = (typeof TAG_SCOPES)[number];

export const TAG_MAX_LENGTH = 40;
/** Letters and digits of any script, spaces and - _ . : / + & (a product or licence name). */
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} _.:/+&-]*$/u;

/** One spelling per tag: trimmed, inner spaces collapsed, lower case. Null when it is no tag. */
export function normalizeTag(raw: string): string | null {
  const tag = raw.trim().replace(/\s+/g, ' ').toLowerCase();
  if (tag.length === 0 || tag.length > TAG_MAX_LENGTH || !TAG_PATTERN.test(tag)) return null;
  return tag;
}

/** A cell of tags separated by ; , or |, each normalised; `invalid` keeps what was not a tag. */
export function splitTags(cell: string): { tags: string[]; invalid: string[] } {
  const tags = new Set<string>();
  const invalid: string[] = [];
  for (const part of cell.split(/[;,|]/)) {
    if (part.trim() === '') continue;
    const tag = normalizeTag(part);
    if (tag) tags.add(tag);
    else invalid.push(part.trim());
  }
  return { tags: [...tags].sort(), invalid };
}

/** The tags a patent shows: its own and its family's, once each, sorted. */
export function mergeTags(...lists: readonly (readonly string[] | undefined)[]): string[] {
  return [...new Set(lists.flatMap((list) => list ?? []))].sort();
}

export interface ImportPatent {
  id: string;
  providerId: string | null;
  clientCaseReference: string | null;
}

/** A row of an import file, keyed by the provider id or the case reference. */
export interface ImportRow {
  /** The line in the file (the header is line 1). */
  line: number;
  providerId: string;
  caseReference: string;
  tags: string;
  note: string;
}

export interface ImportMatch {
  line: number;
  key: string;
  matchedBy: 'providerId' | 'caseReference';
  patentIds: string[];
  tags: string[];
  note: string | null;
}

export interface ImportMiss {
  line: number;
  key: string;
  reason: string;
}

const indexBy = (patents: readonly ImportPatent[], field: 'providerId' | 'clientCaseReference') => {
  const index = new Map<string, string[]>();
  for (const patent of patents) {
    const value = patent[field]?.trim();
    if (!value) continue;
    index.set(value, [...(index.get(value) ?? []), patent.id]);
  }
  return index;
};

/**
 * Which patents each row names: by provider id first (the service's own client reference, matched
 * exactly as its list filter does, spec: Endpoint 1), else by case reference (exact, trimmed). A
 * row that names none, has no tag or note, or carries something that is not a tag is reported with
 * its line and why, and nothing of it is applied.
 */
export function matchImport(
  rows: readonly ImportRow[],
  patents: readonly ImportPatent[],
): { matched: ImportMatch[]; unmatched: ImportMiss[] } {
  const byProvider = indexBy(patents, 'providerId');
  const byCase = indexBy(patents, 'clientCaseReference');
  const matched: ImportMatch[] = [];
  const unmatched: ImportMiss[] = [];
  for (const row of rows) {
    const providerId = row.providerId.trim();
    const caseReference = row.caseReference.trim();
    const key = providerId || caseReference;
    if (!key) {
      unmatched.push({ line: row.line, key: '', reason: 'no provider id or case reference' });
      continue;
    }
    const { tags, invalid } = splitTags(row.tags);
    if (invalid.length > 0) {
      unmatched.push({ line: row.line, key, reason: `not a tag: ${invalid.join(', ')}` });
      continue;
    }
    const note = row.note.trim() || null;
    if (tags.length === 0 && note === null) {
      unmatched.push({ line: row.line, key, reason: 'no tag or note to set' });
      continue;
    }
    const byProviderId = providerId ? byProvider.get(providerId) : undefined;
    const byCaseReference = caseReference ? byCase.get(caseReference) : undefined;
    if (byProviderId) {
      matched.push({
        line: row.line,
        key: providerId,
        matchedBy: 'providerId',
        patentIds: byProviderId,
        tags,
        note,
      });
    } else if (byCaseReference) {
      matched.push({
        line: row.line,
        key: caseReference,
        matchedBy: 'caseReference',
        patentIds: byCaseReference,
        tags,
        note,
      });
    } else {
      unmatched.push({ line: row.line, key, reason: 'no patent has this provider id or case reference' });
    }
  }
  return { matched, unmatched };
}

/** Header names the import accepts for each column, compared without case, spaces or _ -. */
const HEADERS: Record<keyof Omit<ImportRow, 'line'>, readonly string[]> = {
  providerId: ['providerid', 'provider'],
  caseReference: ['casereference', 'clientcasereference', 'case', 'reference'],
  tags: ['tags', 'tag'],
  note: ['note', 'notes'],
};

const headerKey = (header: string) => header.toLowerCase().replace(/[\s_-]/g, '');

/**
 * What is wrong with a file's header line (comma, semicolon or tab separated, as spreadsheets
 * write them), or null: checked where the upload is parsed, so a bad file is a 400 naming `csv`.
 */
export function csvHeaderProblem(csv: string): string | null {
  const first = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const headers = first.split(/[,;\t]/).map((header) => header.trim().replace(/^"|"$/g, ''));
  return headerProblem(headers);
}

function headerProblem(headers: readonly string[]): string | null {
  const has = (field: keyof typeof HEADERS) =>
    headers.some((header) => HEADERS[field].includes(headerKey(header)));
  if (!has('providerId') && !has('caseReference')) {
    return 'the file needs a "providerId" or "caseReference" column';
  }
  if (!has('tags') && !has('note')) return 'the file needs a "tags" or "note" column';
  return null;
}

/**
 * The rows of a parsed file (records keyed by its header), or the problem with its header: it
 * needs a provider id or case reference column and a tags or note column.
 */
export function importRows(
  records: readonly Record<string, string | undefined>[],
  headers: readonly string[],
): { rows: ImportRow[] } | { problem: string } {
  const columnOf = (field: keyof typeof HEADERS) =>
    headers.find((header) => HEADERS[field].includes(headerKey(header)));
  const columns = {
    providerId: columnOf('providerId'),
    caseReference: columnOf('caseReference'),
    tags: columnOf('tags'),
    note: columnOf('note'),
  };
  const problem = headerProblem(headers);
  if (problem) return { problem };
  const cell = (record: Record<string, string | undefined>, column: string | undefined) =>
    column ? (record[column] ?? '') : '';
  return {
    rows: records.map((record, index) => ({
      line: index + 2,
      providerId: cell(record, columns.providerId),
      caseReference: cell(record, columns.caseReference),
      tags: cell(record, columns.tags),
      note: cell(record, columns.note),
    })),
  };
}
