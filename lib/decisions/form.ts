import { z } from 'zod';
import { draftEntriesSchema } from './draft.schema';
import { selectionProblems } from './rules';

/**
 * The decision form's schema: the draft's entries, refused where the month view's rules say no
 * (a decision the service does not offer, a second renewal of one patent). Each problem lands on
 * its row's decision field, so the row says why.
 */
export const decisionFormSchema = z.object({ entries: draftEntriesSchema }).superRefine((value, ctx) => {
  const index = new Map(value.entries.map((entry, position) => [entry.eventId, position]));
  for (const problem of selectionProblems(value.entries)) {
    ctx.addIssue({
      code: 'custom',
      path: ['entries', index.get(problem.eventId) ?? 0, 'decision'],
      message: problem.message,
    });
  }
});

export type DecisionForm = z.infer<typeof decisionFormSchema>;
