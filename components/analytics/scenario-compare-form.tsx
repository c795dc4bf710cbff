import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { ScenarioRule } from '@/lib/forecast/scenario';
import type { SavedViewItem } from '@/lib/views/pages';

/**
 * Picks two scenarios to compare: a saved one or the scenario in the address on the left, a saved
 * one on the right. A GET form, so the comparison is an address that can be linked; the current
 * rule travels in hidden fields. No script.
 */
export function ScenarioCompareForm({
  views,
  rule,
  left,
  right,
}: {
  views: readonly SavedViewItem[];
  /** The scenario in the address; null when there is none to offer. */
  rule: ScenarioRule | null;
  left: string | null;
  right: string | null;
}) {
  if (views.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Save a scenario (Views, above) to compare it with another one.
      </p>
    );
  }
  const hidden: [string, string][] = rule
    ? [
        ...rule.offices.map((office): [string, string] => ['office', office]),
        ...rule.families.map((family): [string, string] => ['family', family]),
        ...rule.tags.map((tag): [string, string] => ['tag', tag]),
        ...(rule.minAnnuityYear === null ? [] : [['from', String(rule.minAnnuityYear)] as [string, string]]),
        ...(rule.scoreBelow === null ? [] : [['below', String(rule.scoreBelow)] as [string, string]]),
      ]
    : [];
  return (
    <form method="get" action="/analytics/scenarios/compare" className="flex flex-wrap items-end gap-4">
      {hidden.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <ScenarioSelect
        side="left"
        label="Compare"
        value={left}
        views={views}
        withThisScenario={rule !== null}
      />
      <ScenarioSelect side="right" label="with" value={right} views={views} withThisScenario={false} />
      <Button type="submit" variant="outline">
        Compare
      </Button>
    </form>
  );
}

/** One side's pick: the saved scenarios by name (a colleague's with its owner), and on the left the one in the address. */
function ScenarioSelect({
  side,
  label,
  value,
  views,
  withThisScenario,
}: {
  side: 'left' | 'right';
  label: string;
  value: string | null;
  views: readonly SavedViewItem[];
  withThisScenario: boolean;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`compare-${side}`}>{label}</Label>
      <NativeSelect id={`compare-${side}`} name={side} defaultValue={value ?? ''} className="min-w-44">
        {withThisScenario ? <option value="">This scenario</option> : null}
        {views.map((view) => (
          <option key={view.id} value={view.id}>
            {view.mine ? view.name : `${view.name} (${view.ownerName})`}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
