import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that loads zod's resolver and the form's schema the first time the
 * form validates. Forms keep the one schema they share with the server, and pages do not ship the
 * schema library in their first load (bench: JS per route ≤ 190 KiB).
 */
export function lazyZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  type Loaded = Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  let loaded: Promise<Loaded> | null = null;
  return async (values, context, options) => {
    loaded ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Loaded,
    );
    return (await loaded)(values, context, options);
  };
}
