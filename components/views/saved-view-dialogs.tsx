'use client';

import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { ApiProblem, problemMessage } from '@/lib/http/api-client';
import {
  MAX_VIEW_NAME_LENGTH,
  SAVED_VIEW_PAGE_LABELS,
  type SavedViewItem,
  type SavedViewPage,
  savedViewHref,
} from '@/lib/views/pages';
import { createView, deleteView, updateView } from './views-api';

export type ViewDialog = 'save' | 'manage';

interface DialogsProps {
  page: SavedViewPage;
  views: readonly SavedViewItem[];
  dialog: ViewDialog | null;
  onDialogChange: (dialog: ViewDialog | null) => void;
  onViewsChange: (views: SavedViewItem[]) => void;
  /** Where the focus goes when a dialog closes: the menu's button (the dialogs have no trigger). */
  returnFocus: () => void;
}

/** The save and manage dialogs of the views menu; loaded when one is first opened. */
export function SavedViewDialogs({
  page,
  views,
  dialog,
  onDialogChange,
  onViewsChange,
  returnFocus,
}: DialogsProps) {
  return (
    <>
      <SaveViewDialog
        page={page}
        returnFocus={returnFocus}
        open={dialog === 'save'}
        onOpenChange={(open) => onDialogChange(open ? 'save' : null)}
        onSaved={(view) => onViewsChange([...views, view])}
      />
      <ManageViewsDialog
        page={page}
        returnFocus={returnFocus}
        views={views}
        open={dialog === 'manage'}
        onOpenChange={(open) => onDialogChange(open ? 'manage' : null)}
        onViewsChange={onViewsChange}
      />
    </>
  );
}

/** The name field's message for a refusal that concerns it (409, or a 400 naming it). */
function nameError(error: unknown): string | undefined {
  if (!(error instanceof ApiProblem)) return undefined;
  if (error.status === 409) return error.message;
  return error.body.errors?.find((fieldError) => fieldError.field === 'name')?.message;
}

/** The address's query, and for the month view without its window when the user asks so. */
function currentQuery(keepWindow: boolean): string {
  const params = new URLSearchParams(window.location.search);
  if (!keepWindow) for (const key of ['month', 'from', 'to']) params.delete(key);
  return params.toString();
}

function SaveViewDialog({
  page,
  returnFocus,
  open,
  onOpenChange,
  onSaved,
}: {
  page: SavedViewPage;
  returnFocus: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (view: SavedViewItem) => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [keepWindow, setKeepWindow] = useState(true);
  const save = useApiMutation({
    mutationFn: createView,
    failure: 'The view could not be saved.',
    onSuccess: (view) => {
      onSaved(view);
      onOpenChange(false);
    },
  });
  const busy = save.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ page, name, shared, query: currentQuery(page !== 'renewals' || keepWindow) });
  };
  const fieldError = nameError(save.error);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) {
          setName('');
          setShared(false);
          setKeepWindow(true);
        }
        save.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogTitle>Save the current view</DialogTitle>
        <DialogDescription>
          The filters, sort and columns of this {SAVED_VIEW_PAGE_LABELS[page].toLowerCase()} page, under a
          name you choose. It opens from the Views menu and from the command palette (Ctrl+K).
        </DialogDescription>
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <FormField label="Name" error={fieldError}>
            <Input
              value={name}
              required
              maxLength={MAX_VIEW_NAME_LENGTH}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox id={`${id}-shared`} checked={shared} onCheckedChange={setShared} />
            <Label htmlFor={`${id}-shared`}>Share with everyone who can open this page</Label>
          </div>
          {page === 'renewals' ? (
            <div className="flex items-center gap-2">
              <Checkbox id={`${id}-window`} checked={keepWindow} onCheckedChange={setKeepWindow} />
              <Label htmlFor={`${id}-window`}>
                Keep this month (or dates); without it the view opens on the current month
              </Label>
            </div>
          ) : null}
          {save.failureMessage && !fieldError ? (
            <Alert tone="danger">
              <p>{save.failureMessage}</p>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <SubmitButton busy={busy}>{busy ? 'Saving…' : 'Save view'}</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ManageViewsDialog({
  page,
  returnFocus,
  views,
  open,
  onOpenChange,
  onViewsChange,
}: {
  page: SavedViewPage;
  returnFocus: () => void;
  views: readonly SavedViewItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onViewsChange: (views: SavedViewItem[]) => void;
}) {
  const [status, setStatus] = useState('');
  const [deleting, setDeleting] = useState<SavedViewItem | null>(null);
  const replace = (view: SavedViewItem) => onViewsChange(views.map((v) => (v.id === view.id ? view : v)));

  const copyLink = async (view: SavedViewItem) => {
    const link = new URL(savedViewHref(view), window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(link);
      setStatus(`Link to “${view.name}” copied.`);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is shown to copy by hand.
      setStatus(`Copy this link: ${link}`);
    }
  };
  // The box follows the click at once; a refusal puts it back and says why.
  const share = useApiMutation({
    mutationFn: ({ view, shared }: { view: SavedViewItem; shared: boolean }) =>
      updateView(view.id, { shared }),
    failure: 'The change could not be saved.',
    onSuccess: (saved, { view, shared }) => {
      replace(saved);
      setStatus(shared ? `“${view.name}” is shared with everyone.` : `“${view.name}” is yours only.`);
    },
    onError: (error, { view }) => {
      replace(view);
      setStatus(problemMessage(error, 'The change could not be saved.'));
    },
  });
  const toggleShared = (view: SavedViewItem, shared: boolean) => {
    replace({ ...view, shared });
    share.mutate({ view, shared });
  };
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setStatus('');
          onOpenChange(next);
        }}
      >
        <DialogContent
          className="max-w-2xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <DialogTitle>Views of the {SAVED_VIEW_PAGE_LABELS[page].toLowerCase()} page</DialogTitle>
          <DialogDescription>
            Rename, share or delete your views. A shared view is listed to everyone who can open this page;
            its link opens it for them too.
          </DialogDescription>
          <ul className="flex flex-col divide-y" aria-label="Saved views">
            {views.map((view) => (
              <li key={view.id} className="flex flex-wrap items-center gap-2 py-2">
                {view.mine ? (
                  <OwnViewRow
                    view={view}
                    onRenamed={(renamed) => {
                      replace(renamed);
                      setStatus(`Renamed to “${renamed.name}”.`);
                    }}
                    onShare={(shared) => toggleShared(view, shared)}
                    onCopy={() => void copyLink(view)}
                    onDelete={() => setDeleting(view)}
                  />
                ) : (
                  <>
                    <span className="min-w-0 flex-1 truncate font-medium">{view.name}</span>
                    <span className="text-xs text-muted-foreground">shared by {view.ownerName}</span>
                    <Button size="sm" variant="ghost" onClick={() => void copyLink(view)}>
                      Copy link<span className="sr-only"> to {view.name}</span>
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
          <p role="status" className="min-h-5 text-sm text-muted-foreground">
            {status}
          </p>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => {
          if (!next) setDeleting(null);
        }}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete view"
        tone="danger"
        onConfirm={async () => {
          if (!deleting) return;
          await deleteView(deleting.id);
          onViewsChange(views.filter((view) => view.id !== deleting.id));
          setStatus(`Deleted “${deleting.name}”.`);
        }}
        failure="The view could not be deleted."
      >
        <p>
          {deleting?.shared
            ? 'It is shared: nobody will find it in their menu any more, and links to it open the plain page.'
            : 'It is removed from your menu and your command palette.'}
        </p>
      </ConfirmDialog>
    </>
  );
}

function OwnViewRow({
  view,
  onRenamed,
  onShare,
  onCopy,
  onDelete,
}: {
  view: SavedViewItem;
  onRenamed: (view: SavedViewItem) => void;
  onShare: (shared: boolean) => void;
  onCopy: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(view.name);
  const rename = useApiMutation({
    mutationFn: (next: string) => updateView(view.id, { name: next }),
    failure: 'The view could not be renamed.',
    onSuccess: (renamed) => {
      onRenamed(renamed);
      setRenaming(false);
    },
  });
  const busy = rename.isPending;

  if (renaming) {
    const fieldError = nameError(rename.error) ?? rename.failureMessage ?? undefined;
    return (
      <form
        className="flex w-full flex-wrap items-end gap-2"
        aria-label={`Rename ${view.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate(name);
        }}
      >
        <div className="min-w-48 flex-1">
          <FormField label={`New name for ${view.name}`} error={fieldError}>
            <Input
              value={name}
              required
              maxLength={MAX_VIEW_NAME_LENGTH}
              autoComplete="off"
              autoFocus
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
        </div>
        <SubmitButton size="sm" busy={busy}>
          Save name
        </SubmitButton>
        <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => setRenaming(false)}>
          Cancel
        </Button>
      </form>
    );
  }
  return (
    <>
      <span className="min-w-0 flex-1 truncate font-medium">{view.name}</span>
      <div className="flex items-center gap-1.5">
        <Checkbox id={`${id}-shared`} checked={view.shared} onCheckedChange={onShare} />
        <Label htmlFor={`${id}-shared`} className="text-xs">
          Shared<span className="sr-only"> ({view.name})</span>
        </Label>
      </div>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          setName(view.name);
          rename.reset();
          setRenaming(true);
        }}
      >
        Rename<span className="sr-only"> {view.name}</span>
      </Button>
      <Button size="sm" variant="ghost" onClick={onCopy}>
        Copy link<span className="sr-only"> to {view.name}</span>
      </Button>
      <Button size="sm" variant="ghost" className="text-destructive" onClick={onDelete}>
        Delete<span className="sr-only"> {view.name}</span>
      </Button>
    </>
  );
}
