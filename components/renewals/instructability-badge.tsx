'use client';

import { useLocale } from '@/components/shell/locale';
import { Badge } from '@/components/ui/badge';
import type { Instructability } from '@/lib/annuity/schemas';
import { instructabilityBadge } from '@/lib/renewals/instructability';

/** Whether an event can be instructed now, in the service's own terms (never inferred). */
export function InstructabilityBadge({ instructability }: { instructability: Instructability | null }) {
  const locale = useLocale();
  const badge = instructabilityBadge(instructability, locale);
  return (
    <Badge tone={badge.tone} data-badge-kind={badge.kind}>
      {badge.label}
    </Badge>
  );
}
