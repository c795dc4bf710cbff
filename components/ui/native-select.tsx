import { withClasses } from './with-classes';

/** The platform <select>: fully keyboard- and screen-reader-accessible with no script. */
export const NativeSelect = withClasses(
  'select',
  'h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 aria-invalid:border-destructive',
);

/**
 * One <option> a value, in order, reading as its label: a record of labels (ROLE_LABELS), a
 * function, or without one the value itself.
 */
export function Options<V extends string | number>({
  values,
  label,
}: {
  values: readonly V[];
  label?: Readonly<Record<V, string>> | ((value: V) => string);
}) {
  const text = (value: V) =>
    label === undefined ? String(value) : typeof label === 'function' ? label(value) : label[value];
  return values.map((value) => (
    <option key={value} value={value}>
      {text(value)}
    </option>
  ));
}
