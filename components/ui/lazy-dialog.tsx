'use client';

import { type ComponentProps, type ComponentType, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from './button';
import { deferred, type EarlyClicks, earlyClicks } from './deferred';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** What a lazily loaded dialog is given beside its own props. */
export interface LazyDialogParts<Schema extends FormSchema> {
  /** Its trigger was clicked before its code arrived: it opens at once. */
  openAtFirst: boolean;
  /** Its form's resolver: the schema (and zod) load the first time the form validates. */
  resolver: Resolver<z.input<Schema>, unknown, z.output<Schema>>;
}

/**
 * A dialog with a form whose code loads after the page hydrates (bench: JS per route ≤ 190 KiB
 * gzip). Until it arrives the page shows the same trigger button (`trigger`, given the dialog's
 * props), saying it opens a dialog; a click meanwhile is remembered per `clickKey` (one per row
 * where a page has many) and the loaded dialog opens at once. The dialog gets `openAtFirst` and the
 * resolver of `schema`, so neither it nor its schema imports anything of its placeholder.
 */
export function lazyDialog<Props extends object, Schema extends FormSchema>(options: {
  dialog: () => Promise<ComponentType<NoInfer<Props> & LazyDialogParts<NoInfer<Schema>>>>;
  schema: () => Promise<Schema>;
  trigger: (props: Props) => ComponentProps<typeof Button>;
  clickKey?: (props: Props) => string;
}): ComponentType<Props> {
  const clicks = earlyClicks();
  const keyOf = options.clickKey ?? (() => '');
  return deferred(
    async () => {
      // The resolver's code comes with the dialog's, not in the page's first load.
      const [Dialog, { lazyZodResolver }] = await Promise.all([
        options.dialog(),
        import('@/lib/forms/lazy-zod-resolver'),
      ]);
      return openedByEarlyClick(Dialog, { clicks, keyOf, resolver: lazyZodResolver(options.schema) });
    },
    triggerFor(TriggerPlaceholder, { clicks, keyOf, trigger: options.trigger }),
  );
}

interface Wiring<Props> {
  clicks: EarlyClicks;
  keyOf: (props: Props) => string;
}

/** The loaded dialog, told whether its trigger was clicked before it arrived. */
function openedByEarlyClick<Props extends object, Schema extends FormSchema>(
  Dialog: ComponentType<Props & LazyDialogParts<Schema>>,
  { clicks, keyOf, resolver }: Wiring<Props> & Pick<LazyDialogParts<Schema>, 'resolver'>,
): ComponentType<Props> {
  return function OpenedByEarlyClick(props: Props) {
    const [openAtFirst] = useState(() => clicks.take(keyOf(props)));
    return <Dialog {...props} openAtFirst={openAtFirst} resolver={resolver} />;
  };
}

/** The placeholder of the dialog with `Props`: its trigger as it looks. */
function triggerFor<Props extends object>(
  Placeholder: typeof TriggerPlaceholder,
  { clicks, keyOf, trigger }: Wiring<Props> & { trigger: (props: Props) => ComponentProps<typeof Button> },
): ComponentType<Props> {
  return function Trigger(props: Props) {
    return <Placeholder clicks={clicks} clickKey={keyOf(props)} {...trigger(props)} />;
  };
}

/** The trigger until the dialog's code arrives; busy from an early click until then. */
function TriggerPlaceholder({
  clicks,
  clickKey,
  ...button
}: { clicks: EarlyClicks; clickKey: string } & ComponentProps<typeof Button>) {
  const [waiting, setWaiting] = useState(false);
  return (
    <Button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={waiting || undefined}
      {...button}
      onClick={() => {
        clicks.remember(clickKey);
        setWaiting(true);
      }}
    />
  );
}
