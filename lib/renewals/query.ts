import { z } from 'zod';
import { requestSchema } from '@/lib/http/url-state-schema';
import { daysBetween } from '../format/dates';
import { renewalsExportFields, renewalsUrlState } from './url-state';
import { MAX_RANGE_DAYS, type RenewalWindow, windowFromParams } from './window';

/**
 * The month view's requests as zod schemas, derived from its URL state (./url-state.ts: add a
 * filter there, not here). Here only the rules that tie several values together: the window's.
 */

interface WindowParams {
  month?: string;
  from?: string;
  to?: string;
}

/** A range needs both ends, in order, at most a year apart (spec: Endpoints 9, "both dueFrom and dueTo"). */
function windowRule(value: WindowParams, ctx: z.RefinementCtx): void {
  if (value.month) return;
  if (value.from && !value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'needed with from' });
  if (value.to && !value.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'needed with to' });
  if (value.from && value.to) {
    if (value.from > value.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    } else if (daysBetween(value.from, value.to) > MAX_RANGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `a window spans at most ${MAX_RANGE_DAYS} days`,
      });
    }
  }
}

/** Our API must be told the window: the service needs one (spec: Endpoints 9 rule 1). */
function withWindow<Q extends WindowParams>(query: Q, ctx: z.RefinementCtx): Q & { window: RenewalWindow } {
  const renewalWindow = windowFromParams(query);
  if (!renewalWindow) {
    ctx.addIssue({ code: 'custom', path: ['month'], message: 'a month, or both from and to, is required' });
    return z.NEVER;
  }
  return { ...query, window: renewalWindow };
}

/** The page's address: it may name no window, and the page then opens the default month. */
export const renewalsViewSchema = requestSchema(renewalsUrlState, 'api').superRefine(windowRule);

/** /api/renewals: the window and the filters the service applies; the parsed value carries the window. */
export const renewalsQuerySchema = renewalsViewSchema.transform(withWindow);

/** /api/renewals/export: the same, plus the local filters, the order and the file's columns. */
export const renewalsExportSchema = requestSchema(renewalsExportFields, 'export')
  .superRefine(windowRule)
  .transform(withWindow);
