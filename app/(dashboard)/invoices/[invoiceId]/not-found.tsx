import Link from 'next/link';
import { Alert } from '@/components/ui/alert';

export default function InvoiceNotFound() {
  return (
    <Alert tone="info">
      <h2>Invoice not found</h2>
      <p>This invoice does not exist or is not one of your organisation's invoices.</p>
      <p className="mt-2">
        <Link href="/invoices" className="text-primary underline">
          Back to the invoices
        </Link>
      </p>
    </Alert>
  );
}
