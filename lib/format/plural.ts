/**
 * A count with its noun in the right number: "1 patent", "2 patents", "0 patents". English is the
 * dashboard's only language; the locale's plural rules pick the form, so a language with more
 * forms than one and other would add them here. `other` is for nouns that do not take an "s"
 * ("family", "families").
 */
const rules = new Intl.PluralRules('en');

/** The noun alone in the form the count takes: `${pluralWord(n, 'is', 'are')}`. */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}

/** The count followed by its noun. */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${count} ${pluralWord(count, one, other)}`;
}
