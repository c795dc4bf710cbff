import { Badge } from '@/components/ui/badge';
import type { EnumLabel } from '@/lib/renewals/labels';

/** A service enum value as a badge; nothing when the value is null (not applicable). */
export function EnumBadge({ value }: { value: EnumLabel | null }) {
  if (!value) return <span className="text-muted-foreground">—</span>;
  return <Badge tone={value.tone}>{value.label}</Badge>;
}
