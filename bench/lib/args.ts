import { parseArgs } from 'node:util';

/**
 * A bench script's numeric options (`--name N` on the command line), each its default when not
 * given: the sizes and repetitions a run is asked for.
 */
export function numericOptions<Name extends string>(defaults: Record<Name, number>): Record<Name, number> {
  const names = Object.keys(defaults) as Name[];
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
  });
  return Object.fromEntries(
    names.map((name) => [
      name,
      Number((values as Record<string, string | undefined>)[name] ?? defaults[name]),
    ]),
  ) as Record<Name, number>;
}
