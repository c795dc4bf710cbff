import { z } from 'zod';
import { STANDING_INSTRUCTIONS, STANDING_SCOPES } from './standing-instructions';

/**
 * Setting a standing instruction, for PUT /api/standing-instructions. A patent is named
 * by its service id (a UUID, spec: Conventions), a family by its reference. "Handled elsewhere"
 * needs a reason (where it is handled), so whoever sees the skip suggested later knows why.
 */
export const standingInstructionSchema = z
  .object({
    scope: z.enum(STANDING_SCOPES),
    target: z.string().trim().min(1, { error: 'name the patent or family' }).max(200),
    instruction: z.enum(STANDING_INSTRUCTIONS),
    /** The client of the patent or family, when the user works for several and it is not plain. */
    client: z
      .string()
      .regex(/^[a-z0-9-]{1,48}$/, 'must be a client id')
      .optional(),
    reason: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((input, ctx) => {
    if (input.scope === 'patent' && !z.uuid().safeParse(input.target).success) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'expected the patent’s id (a UUID)' });
    }
    if (input.instruction === 'skip' && !input.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'say where this patent is handled, so others know why it is skipped',
      });
    }
  });

export type StandingInstructionInput = z.output<typeof standingInstructionSchema>;

/** GET /api/standing-instructions: all, or those of one patent and (optionally) its family. */
export const standingInstructionsQuerySchema = z.object({
  patentId: z.uuid().optional(),
  family: z.string().trim().min(1).max(200).optional(),
});

export const standingInstructionIdSchema = z.object({ id: z.uuid() });
