import { z } from 'zod';
import { approvalPolicySchema } from '@/lib/decisions/approval-policy.schema';
import { assertInScope } from '@/lib/server/clients/scope';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { readApprovalPolicy, saveApprovalPolicy } from '@/lib/server/decisions/approval-policy';
import { defineRoute } from '@/lib/server/http/route';

/** Whose policy: one client's (each has its own); the first client's when not named. */
const clientQuery = z.object({
  client: z
    .string()
    .regex(/^[a-z0-9-]{1,48}$/, 'must be a client id')
    .default(DEFAULT_CONNECTION),
});

/** Which decisions of a client wait for a manager's approval. */
export const GET = defineRoute(
  { access: 'approvals:policy', query: clientQuery },
  async ({ query, clients }) => ({
    policy: await readApprovalPolicy(assertInScope(await clients(), query.client, 'client')),
  }),
);

/** Replaces a client's policy; amounts are decimal strings per currency (400 naming the field otherwise). */
export const PUT = defineRoute(
  { access: 'approvals:policy', audit: 'approvals.policy', query: clientQuery, body: approvalPolicySchema },
  async ({ viewer, body, query, requestId, clients }) => ({
    policy: await saveApprovalPolicy(
      viewer,
      body,
      requestId,
      assertInScope(await clients(), query.client, 'client'),
    ),
  }),
);
