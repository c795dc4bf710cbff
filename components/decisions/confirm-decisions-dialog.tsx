'use client';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { plural } from '@/lib/format/plural';

/** What is being confirmed: DROP for named patents, or clearing the draft. */
export type Confirmation =
  | { kind: 'drop'; names: string[]; refused: number }
  | { kind: 'clear'; count: number };

function wordingOf(confirmation: Confirmation) {
  if (confirmation.kind === 'clear') {
    const what = plural(confirmation.count, 'decision');
    return { title: `Clear ${what}?`, confirm: `Clear ${what}`, danger: false };
  }
  const [only] = confirmation.names;
  return confirmation.names.length === 1 && only
    ? { title: `Mark ${only} to be dropped?`, confirm: `Mark ${only} for Drop`, danger: true }
    : {
        title: `Mark ${confirmation.names.length} patents to be dropped?`,
        confirm: `Mark ${confirmation.names.length} for Drop`,
        danger: true,
      };
}

/**
 * "Are you sure" for a change to the draft that is hard to take back by accident: marking DROP by
 * key or for a selection, or clearing the draft. Loaded on first use (./lazy-confirm-dialog.tsx).
 * The confirm button names the action and the patent, and Cancel has the focus first, so Enter
 * pressed out of habit changes nothing.
 */
export function ConfirmDecisionsDialog({
  confirmation,
  onClose,
  onConfirm,
}: {
  confirmation: Confirmation;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const wording = wordingOf(confirmation);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={wording.title}
      confirmLabel={wording.confirm}
      tone={wording.danger ? 'danger' : 'default'}
      onConfirm={async () => onConfirm()}
    >
      {confirmation.kind === 'clear' ? (
        <p>Every decision in your draft is removed. You can undo this until you choose again.</p>
      ) : (
        <>
          <p>
            Dropping lets the patent lapse at the office and deletes its future renewals; it cannot be undone
            once sent. Nothing is sent now: you confirm each patent again on the review page.
          </p>
          {confirmation.names.length > 1 ? (
            <ul className="max-h-40 list-disc overflow-y-auto pl-5">
              {confirmation.names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          ) : null}
          {confirmation.refused > 0 ? (
            <p>
              {plural(confirmation.refused, 'selected renewal')} cannot take Drop now and keep their decision.
            </p>
          ) : null}
        </>
      )}
    </ConfirmDialog>
  );
}
