import Link from 'next/link';
import { Alert } from '@/components/ui/alert';

export default function RateFreezeMonthNotFound() {
  return (
    <Alert tone="info">
      <h2>No such month</h2>
      <p>A month is written as YYYY-MM, for example 2027-03.</p>
      <p className="mt-2">
        <Link href="/rate-freezes" className="text-primary underline">
          Back to the rate freezes
        </Link>
      </p>
    </Alert>
  );
}
