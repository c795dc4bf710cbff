import { standingInstructionIdSchema } from '@/lib/decisions/standing-instruction.schema';
import { clearStandingInstruction } from '@/lib/server/decisions/standing-instructions';
import { notFoundResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';

/** Clears a standing instruction; renewals of the patent or family are decided each month again. */
export const DELETE = defineRoute(
  {
    access: 'standing-instructions:write',
    audit: 'standing_instructions.clear',
    params: standingInstructionIdSchema,
  },
  async ({ viewer, params, requestId, clients }) => {
    if (await clearStandingInstruction(viewer, params.id, requestId, (await clients()).connections))
      return { cleared: params.id };
    return notFoundResponse(
      'This standing instruction does not exist (any more): it may have been cleared elsewhere.',
      requestId,
    );
  },
);
