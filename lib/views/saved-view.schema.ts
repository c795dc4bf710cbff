import { z } from 'zod';
import { MAX_VIEW_NAME_LENGTH, SAVED_VIEW_PAGES } from './pages';
import { MAX_VIEW_QUERY_LENGTH, normalizeViewQuery } from './view-query';

/**
 * Saved views' requests, shared by the route handlers (app/api/views) and any form that
 * validates before sending. The query is normalised here, so what is stored is what the page's URL
 * state table allows (./view-query.ts).
 */

const name = z
  .string({ error: 'a name is required' })
  .trim()
  .min(1, 'a name is required')
  .max(MAX_VIEW_NAME_LENGTH, `at most ${MAX_VIEW_NAME_LENGTH} characters`);

const savedViewPageSchema = z.enum(SAVED_VIEW_PAGES, {
  error: 'one of renewals, portfolio, invoices',
});

export const createSavedViewSchema = z
  .object({
    page: savedViewPageSchema,
    name,
    query: z.string().max(MAX_VIEW_QUERY_LENGTH, `at most ${MAX_VIEW_QUERY_LENGTH} characters`).default(''),
    shared: z.boolean().default(false),
  })
  .transform((view) => ({ ...view, query: normalizeViewQuery(view.page, view.query) }));
export type CreateSavedView = z.output<typeof createSavedViewSchema>;

/** A change to one's own view: a new name, shared or not; at least one of them. */
export const updateSavedViewSchema = z
  .object({ name: name.optional(), shared: z.boolean().optional() })
  .refine((change) => change.name !== undefined || change.shared !== undefined, {
    message: 'name or shared is required',
    path: ['name'],
  });
export type UpdateSavedView = z.output<typeof updateSavedViewSchema>;

export const listSavedViewsQuerySchema = z.object({ page: savedViewPageSchema.optional() });

export const savedViewParamsSchema = z.object({ id: z.uuid({ error: 'expected a view id' }) });
