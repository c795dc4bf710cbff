import Link from 'next/link';
import { Alert } from '@/components/ui/alert';

export default function PatentNotFound() {
  return (
    <Alert tone="info">
      <h2>Patent not found</h2>
      <p>This patent does not exist or is not part of your portfolio.</p>
      <p className="mt-2">
        <Link href="/portfolio" className="text-primary underline">
          Back to the portfolio
        </Link>
      </p>
    </Alert>
  );
}
