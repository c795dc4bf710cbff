/**
 * Series colours, each at least 3:1 against the white page (WCAG 1.4.11, non-text contrast) and
 * told apart by more than hue: every chart also has a legend, a summary and a table view.
 */
const SERIES_COLOURS = ['#1d4ed8', '#b45309', '#047857', '#b91c1c', '#7e22ce', '#475569'] as const;

export function seriesColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length] ?? '#475569';
}
