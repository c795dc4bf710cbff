import type { Spread } from './stats';

/** Markdown tables, so the printed result can go into the README as it is. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export function spreadCells(value: Spread, unit = ''): string[] {
  return [value.min, value.median, value.max].map((figure) => `${figure}${unit}`);
}
