import type { ShortcutKey } from './shortcuts';

/**
 * What each shortcut does, in words, as the help dialog ("?") lists it. Only that dialog imports
 * this, so the text loads with the dialog and not with the month view (bench: JS per route).
 */
interface ShortcutHelp {
  /** Keys pressed one after the other ("g t" is g, then t). */
  keys: readonly ShortcutKey[];
  description: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly ShortcutHelp[];
}

/** The shortcuts of every page that has them: search, Today, this list. */
const PAGE_SHORTCUTS: ShortcutGroup = {
  title: 'Anywhere on the page',
  shortcuts: [
    { keys: ['/'], description: 'Search (on pages with a search field)' },
    { keys: ['g', 't'], description: 'Go to Today' },
    {
      keys: ['Ctrl+K'],
      description: 'Command palette (⌘K on a Mac): go to a section, apply a saved view, search a patent',
    },
    { keys: ['?'], description: 'Show these shortcuts' },
  ],
};

/** What each month-view shortcut does, as the help dialog ("?") lists it to those who decide. */
const MONTH_VIEW_SHORTCUTS: readonly ShortcutGroup[] = [
  {
    title: 'Rows',
    shortcuts: [
      { keys: ['j'], description: 'Next renewal' },
      { keys: ['k'], description: 'Previous renewal' },
      { keys: ['x'], description: 'Select or unselect the renewal' },
      { keys: ['A'], description: 'Select every renewal shown' },
      { keys: ['Escape'], description: 'Unselect all' },
    ],
  },
  {
    title: 'Decisions: on the selected renewals, else on the current one',
    shortcuts: [
      { keys: ['p'], description: 'Proceed' },
      { keys: ['s'], description: 'Skip this time' },
      { keys: ['d'], description: 'Drop: asks you to confirm, and again for each patent on the review page' },
      { keys: ['u'], description: 'Remove the decision' },
    ],
  },
  {
    title: 'Your decisions',
    shortcuts: [
      { keys: ['b'], description: 'Go to the bar with Review and Clear draft' },
      { keys: ['r'], description: 'Review and send your decisions' },
    ],
  },
  PAGE_SHORTCUTS,
];

/** Which list a page shows: everything to those who decide, the page keys to everyone else. */
export type ShortcutHelpKind = 'deciding' | 'page';

export const SHORTCUT_HELP: Readonly<Record<ShortcutHelpKind, readonly ShortcutGroup[]>> = {
  deciding: MONTH_VIEW_SHORTCUTS,
  page: [PAGE_SHORTCUTS],
};
