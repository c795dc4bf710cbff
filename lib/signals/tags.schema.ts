import { z } from 'zod';
import { csvHeaderProblem, normalizeTag, TAG_MAX_LENGTH, TAG_SCOPES } from './tags';

const tag = z
  .string()
  .max(TAG_MAX_LENGTH + 20)
  .transform((value, ctx) => {
    const normalized = normalizeTag(value);
    if (!normalized) {
      ctx.addIssue({
        code: 'custom',
        message: `a tag is 1–${TAG_MAX_LENGTH} letters, digits, spaces or - _ . : / + &`,
      });
      return z.NEVER;
    }
    return normalized;
  });

/** A patent is named by its service id (a UUID, spec: Conventions), a family by its reference. */
const targets = z.array(z.string().trim().min(1).max(200)).min(1).max(1000);

function targetsAreIds(input: { scope: string; targets: string[] }, ctx: z.RefinementCtx) {
  if (input.scope !== 'patent') return;
  input.targets.forEach((target, index) => {
    if (!z.uuid().safeParse(target).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['targets', index],
        message: 'expected the patent’s id (a UUID)',
      });
    }
  });
}

/** POST /api/tags: add and remove tags on one or many patents or families (a selection). */
export const tagChangeSchema = z
  .object({
    scope: z.enum(TAG_SCOPES),
    targets,
    add: z.array(tag).max(20).default([]),
    remove: z.array(tag).max(20).default([]),
    /** The client of a family whose reference several of the user's clients use. */
    client: z
      .string()
      .regex(/^[a-z0-9-]{1,48}$/, 'must be a client id')
      .optional(),
  })
  .superRefine((input, ctx) => {
    targetsAreIds(input, ctx);
    if (input.add.length === 0 && input.remove.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['add'], message: 'name a tag to add or remove' });
    }
  });
export type TagChange = z.output<typeof tagChangeSchema>;

/** GET /api/tags: the tags in use, or the patents carrying one (their own or their family's). */
export const tagsQuerySchema = z.object({ tag: tag.optional() });

/** PUT /api/notes: a patent's or family's note; an empty note removes it. */
export const noteSchema = z
  .object({
    scope: z.enum(TAG_SCOPES),
    target: z.string().trim().min(1).max(200),
    note: z.string().trim().max(4000),
    /** The client of a family whose reference several of the user's clients use. */
    client: z
      .string()
      .regex(/^[a-z0-9-]{1,48}$/, 'must be a client id')
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.scope === 'patent' && !z.uuid().safeParse(input.target).success) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'expected the patent’s id (a UUID)' });
    }
  });
export type NoteInput = z.output<typeof noteSchema>;

/** POST /api/tags/import: a CSV file's text, previewed unless `apply` is true. */
export const tagImportSchema = z.object({
  csv: z
    .string()
    .min(1, { error: 'the file is empty' })
    .max(2_000_000, { error: 'the file is over 2 MB' })
    .superRefine((csv, ctx) => {
      const problem = csvHeaderProblem(csv);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  apply: z.boolean().default(false),
});
