/**
 * How the command palette (components/shell/command-palette.tsx) narrows its commands as the user
 * types: every word typed must appear in the command's label or keywords, whatever the case or
 * accents; the best matches come first (the label starts with what was typed, then each word
 * starts a word of the label, then the label contains them, then only the keywords do), and
 * commands that match equally keep their order. Browser-safe, no dependencies.
 */

export interface FilterableCommand {
  label: string;
  /** More words that find the command: the page of a view, its owner, a section's description. */
  keywords?: string;
}

/** Lower case, without accents, single spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** How well a command matches (lower is better), or null when a word is missing. */
function rank(command: FilterableCommand, query: string, words: readonly string[]): number | null {
  const label = foldText(command.label);
  const keywords = foldText(command.keywords ?? '');
  if (label.startsWith(query)) return 0;
  const labelWords = label.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.every((word) => labelWords.some((candidate) => candidate.startsWith(word)))) return 1;
  if (words.every((word) => label.includes(word))) return 2;
  const all = `${label} ${keywords}`;
  if (words.every((word) => all.includes(word))) return 3;
  return null;
}

/** The commands that match `typed`, best first; all of them, in order, when nothing is typed. */
export function filterCommands<C extends FilterableCommand>(commands: readonly C[], typed: string): C[] {
  const query = foldText(typed);
  if (query === '') return [...commands];
  const words = query.split(' ');
  return commands
    .map((command, index) => ({ command, index, rank: rank(command, query, words) }))
    .filter((entry): entry is { command: C; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.command);
}

/** The option the arrow keys move to: wraps around at both ends; none when the list is empty. */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
