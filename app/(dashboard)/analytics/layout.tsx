import type { ReactNode } from 'react';
import { AnalyticsTabs } from '@/components/analytics/analytics-tabs';
import { MonthlyReportForm } from '@/components/analytics/report-form';
import { lastCompleteMonth } from '@/lib/server/analytics/report';
import { PermissionGate } from '../permission-gate';

export default function AnalyticsLayout({ children }: { children: ReactNode }) {
  return (
    <PermissionGate permission="analytics:read">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3 border-b">
        <AnalyticsTabs />
        <div className="pb-2">
          <MonthlyReportForm defaultMonth={lastCompleteMonth()} />
        </div>
      </div>
      {children}
    </PermissionGate>
  );
}
