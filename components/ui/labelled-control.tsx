import { type ComponentProps, cloneElement, type ReactElement } from 'react';
import { cn } from './cn';
import { Label } from './label';
import { NativeSelect } from './native-select';

/**
 * A label over one control, tied by the id the page gives (the control receives it): the controls
 * of a server-rendered GET form, and those of a client form that shows no field errors.
 * FormField, whose id is generated, is for the client forms with errors.
 */
export function LabelledControl({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactElement<{ id?: string }>;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id })}
    </div>
  );
}

/**
 * A labelled <select> of a GET form. With `anyLabel` (a filter) its first option is empty: no
 * filter. A `multiple` one is sent as a repeated key (office=DE&office=FR).
 */
export function SelectField({
  id,
  name,
  label,
  anyLabel,
  options,
  value,
  className,
  selectClassName,
  ...select
}: Pick<ComponentProps<'select'>, 'multiple' | 'size'> & {
  id: string;
  name: string;
  label: string;
  /** The empty option's text ("Anyone", "Any action"); none without it. */
  anyLabel?: string;
  className?: string;
  selectClassName?: string;
  options: readonly { value: string; label: string }[];
  value: string | readonly string[] | undefined;
}) {
  return (
    <LabelledControl id={id} label={label} className={className}>
      <NativeSelect {...select} name={name} defaultValue={value ?? ''} className={selectClassName}>
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </LabelledControl>
  );
}
