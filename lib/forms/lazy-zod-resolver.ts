import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver that loads the form's zod resolver (zod and the shared schema with
 * it) the first time the form validates. Forms keep the one schema they share with the server,
 * and pages do not ship the schema library in their first load (bench: JS per route ≤ 190 KiB).
 */
export function lazyZodResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> {
  let loaded: Promise<Resolver<Input, Context, Output>> | null = null;
  return async (values, context, options) => {
    loaded ??= load();
    return (await loaded)(values, context, options);
  };
}
