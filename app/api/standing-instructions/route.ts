import {
  standingInstructionSchema,
  standingInstructionsQuerySchema,
} from '@/lib/decisions/standing-instruction.schema';
import {
  setStandingInstruction,
  standingInstructionsFor,
} from '@/lib/server/decisions/standing-instructions';
import { defineRoute } from '@/lib/server/http/route';

/** Standing instructions, all or those of one patent and its family (?patentId=&family=). */
export const GET = defineRoute(
  { access: 'renewals:read', query: standingInstructionsQuerySchema },
  async ({ query, clients }) => ({
    instructions: await standingInstructionsFor((await clients()).connections, query),
  }),
);

/** Sets or replaces the instruction of a patent or family; a skip needs a reason (400 naming `reason`). */
export const PUT = defineRoute(
  {
    access: 'standing-instructions:write',
    audit: 'standing_instructions.set',
    body: standingInstructionSchema,
  },
  async ({ viewer, body, requestId, clients }) => ({
    instruction: await setStandingInstruction(viewer, body, requestId, await clients()),
  }),
);
