import { type ComponentProps, cloneElement, type ElementType, type ReactElement, useId } from 'react';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { Input } from './input';
import { Label } from './label';
import { NativeSelect } from './native-select';
import { Textarea } from './textarea';

/**
 * A labelled control with its hint and error wired for assistive technology: the control gets
 * `aria-invalid` and `aria-describedby` pointing at the message, so the error is read with it.
 */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What a field of a react-hook-form form needs: the form (only the parts that do not depend on
 * what the resolver turns the values into), the field's name, its label and hint, and any rules
 * checked in the browser besides the schema's.
 */
type Bound<T extends FieldValues> = {
  form: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  rules?: RegisterOptions<T, FieldPath<T>>;
};

type Control = typeof Input | typeof NativeSelect | typeof Textarea;

/**
 * `Control` registered with its form and labelled by `FormField`, showing the field's own error
 * (the schema's, or the server's 400 mapped onto the form by the mutation hook). `getFieldState`
 * is given the form state so the field re-renders when its error changes. The control's own props
 * (type, autoComplete, options as children…) pass through; `register` comes last, as it would
 * written out.
 */
function registered<C extends Control>(control: C) {
  // One of three intrinsic-element primitives: the props typed per control below fit it.
  const Control = control as ElementType;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per control at module level, never in a render
  return function RegisteredField<T extends FieldValues>({
    form,
    name,
    label,
    hint,
    rules,
    ...props
  }: Bound<T> & Omit<ComponentProps<C>, 'form' | 'name'>) {
    const error = form.getFieldState(name, form.formState).error?.message;
    return (
      <FormField label={label} hint={hint} error={error}>
        <Control {...props} {...form.register(name, rules)} />
      </FormField>
    );
  };
}

/** A text input of a react-hook-form form, with its label, hint and error. */
export const FormInput = registered(Input);
/** A select of a react-hook-form form (its options as children), with its label, hint and error. */
export const FormSelect = registered(NativeSelect);
/** A multi-line text field of a react-hook-form form, with its label, hint and error. */
export const FormTextarea = registered(Textarea);

/**
 * A password input's own props: `autoComplete` tells a password manager to offer the saved
 * password (current) or to suggest a new one (new), and a repeat field takes the new one too.
 */
export const CURRENT_PASSWORD = { type: 'password', autoComplete: 'current-password' } as const;
export const NEW_PASSWORD = { type: 'password', autoComplete: 'new-password' } as const;
