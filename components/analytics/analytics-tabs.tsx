import { SectionTabs } from '@/components/shell/section-tabs';

/** The analytics sections. */
const TABS = [
  { href: '/analytics', label: 'Spend' },
  { href: '/analytics/forecast', label: 'Forecast' },
  { href: '/analytics/budget', label: 'Budget' },
  { href: '/analytics/scenarios', label: 'Scenarios' },
];

export function AnalyticsTabs() {
  return <SectionTabs label="Analytics" tabs={TABS} />;
}
