import 'server-only';
import { inArray } from 'drizzle-orm';
import { getDb } from '../../db';
import { approvalPolicy } from '../../db/schema';
import { type ApprovalPolicy, DEFAULT_APPROVAL_POLICY } from '../../decisions/approval-policy';
import type { ApprovalPolicyInput } from '../../decisions/approval-policy.schema';
import { auditSuccess } from '../audit/audit';
import type { Viewer } from '../auth/session';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { storedThresholds } from './stored-json';

/*
 * The approval policy an administrator sets, one per client (the row's id is its connection): a
 * client without a policy of its own follows the first client's, and with none at all the default.
 */

export interface StoredApprovalPolicy extends ApprovalPolicy {
  updatedAt: string | null;
  updatedByEmail: string | null;
}

export async function readApprovalPolicy(
  connection: string = DEFAULT_CONNECTION,
): Promise<StoredApprovalPolicy> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(approvalPolicy)
    .where(inArray(approvalPolicy.id, [...new Set([connection, DEFAULT_CONNECTION])]));
  const row =
    rows.find((candidate) => candidate.id === connection) ??
    rows.find((candidate) => candidate.id === DEFAULT_CONNECTION);
  if (!row) return { ...DEFAULT_APPROVAL_POLICY, updatedAt: null, updatedByEmail: null };
  return {
    dropRequiresApproval: row.dropRequiresApproval,
    proceedAbove: storedThresholds(row.proceedAbove, 'proceed_above'),
    batchAbove: storedThresholds(row.batchAbove, 'batch_above'),
    unlistedCurrencyRequiresApproval: row.unlistedCurrencyRequiresApproval,
    updatedAt: row.updatedAt.toISOString(),
    updatedByEmail: row.updatedByEmail,
  };
}

/** Replaces the policy (already parsed by approval-policy.schema.ts) and audits old and new. */
export async function saveApprovalPolicy(
  actor: Viewer,
  input: ApprovalPolicyInput,
  requestId: string,
  connection: string = DEFAULT_CONNECTION,
): Promise<StoredApprovalPolicy> {
  const before = await readApprovalPolicy(connection);
  const db = await getDb();
  const values = { ...input, updatedAt: new Date(), updatedByEmail: actor.email };
  await db
    .insert(approvalPolicy)
    .values({ id: connection, ...values })
    .onConflictDoUpdate({ target: approvalPolicy.id, set: values });
  await auditSuccess(
    actor,
    'approvals.policy',
    connection,
    requestId,
    {
      before: {
        dropRequiresApproval: before.dropRequiresApproval,
        proceedAbove: before.proceedAbove,
        batchAbove: before.batchAbove,
        unlistedCurrencyRequiresApproval: before.unlistedCurrencyRequiresApproval,
      },
      after: input,
    },
    connection,
  );
  return readApprovalPolicy(connection);
}
