import { patentName } from '@/lib/portfolio/patent-name';
import type { BatchView } from './batch';

/** The patents a batch would drop, named as every page names them (case reference, else provider id). */
export function droppedNames(batch: Pick<BatchView, 'items'>): string[] {
  return batch.items.filter((item) => item.decision === 'DROP').map((item) => patentName(item));
}

export interface ApprovalConfirmation {
  title: string;
  confirm: string;
}

/**
 * What an approver confirms before a batch holding a DROP is sent: approving sends it at once, and
 * a DROP lets the right lapse with no undo (spec: Instruction rules, DROP), so the dialog and its
 * button name the patent (or count the patents, each listed in the dialog). Null without a DROP:
 * the approve button alone sends the batch then.
 */
export function approvalConfirmation(names: readonly string[]): ApprovalConfirmation | null {
  const [only] = names;
  if (only === undefined) return null;
  if (names.length === 1) return { title: `Approve dropping ${only}?`, confirm: `Approve and drop ${only}` };
  return {
    title: `Approve dropping ${names.length} patents?`,
    confirm: `Approve and drop ${names.length} patents`,
  };
}
