import { NotFoundNotice } from '@/components/shell/not-found-notice';

export default function RateFreezeMonthNotFound() {
  return (
    <NotFoundNotice
      title="No such month"
      reason="A month is written as YYYY-MM, for example 2027-03."
      back={{ href: '/rate-freezes', label: 'Back to the rate freezes' }}
    />
  );
}
