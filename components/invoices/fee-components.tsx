import { formatMoney } from '@/lib/annuity/money';
import type { Fees } from '@/lib/annuity/schemas';
import { feeComponentLabel } from '@/lib/renewals/labels';

/**
 * A line's components, each named; a type the dashboard does not know is "Other (TYPE)" and still
 * listed with its amount, because it counts in the total (spec: Fees, open enum).
 */
export function FeeComponents({
  fees,
  locale,
}: {
  fees: Pick<Fees, 'components' | 'currency'>;
  locale: string;
}) {
  if (fees.components.length === 0) return <span className="text-muted-foreground">No components</span>;
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-xs">
      {fees.components.map((component, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a component type may repeat on a faulty line
        <div key={`${component.type}-${index}`} className="contents">
          <dt className="text-muted-foreground">{feeComponentLabel(component.type)}</dt>
          <dd className="text-right font-mono tabular-nums">
            {formatMoney(component.amount, fees.currency, locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
