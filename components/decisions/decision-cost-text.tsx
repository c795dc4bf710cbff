import { type CostEstimate, decisionCost, describeDecisionCost } from '@/lib/decisions/decision-cost';

/**
 * A decision's estimated cost as every page shows it (review, batch receipt, approver's review,
 * invoice line): the renewal for a PROCEED, "Not paid: renewal estimated at …" for a skip or drop,
 * one rule in lib/decisions/decision-cost.ts. No client hooks: server and client pages both use it.
 */
export function DecisionCostText({
  decision,
  estimate,
  fxFrozen,
  locale,
}: {
  decision: string;
  estimate: CostEstimate | null | undefined;
  fxFrozen?: boolean;
  locale: string;
}) {
  const cost = decisionCost(decision, estimate);
  const { text, note } = describeDecisionCost(cost, locale);
  return (
    <span data-decision-cost={cost.kind}>
      <span className={cost.kind === 'not-paid' ? 'text-muted-foreground' : undefined}>{text}</span>
      {fxFrozen && cost.kind !== 'unknown' ? (
        <span className="ml-1 text-xs text-muted-foreground">(FX frozen)</span>
      ) : null}
      {note ? <span className="block text-xs text-muted-foreground">{note}</span> : null}
    </span>
  );
}
