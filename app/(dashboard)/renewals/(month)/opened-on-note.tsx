'use client';

import { useSearchParams } from 'next/navigation';
import { useLocale } from '@/components/shell/locale';
import { openedOnText } from '@/lib/renewals/opened-on';

/** Why the view opened on its month, while it still shows the month it chose (lib/renewals/opened-on.ts). */
export function OpenedOnNote() {
  const search = useSearchParams();
  const locale = useLocale();
  const text = openedOnText(search, locale);
  if (!text) return null;
  return (
    <p className="mb-3 text-sm text-muted-foreground" data-testid="opened-on">
      {text}
    </p>
  );
}
