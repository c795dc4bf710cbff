import { useId } from 'react';
import { NativeSelect } from '@/components/ui/native-select';

const THRESHOLDS = ['20', '30', '40', '50', '60', '70'];

/**
 * "Keep score below N": the renewals with the weakest case to keep (lib/signals/keep-score.ts).
 * The address may name any whole score from 1 to 100; the list offers the usual ones and that one.
 */
export function ScoreFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (next: string | null) => void;
}) {
  const id = useId();
  const options = value && !THRESHOLDS.includes(value) ? [...THRESHOLDS, value] : THRESHOLDS;
  return (
    <span className="flex items-center gap-1 text-sm">
      <label htmlFor={id}>Keep score below</label>
      <NativeSelect
        id={id}
        className="h-8"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
    </span>
  );
}
