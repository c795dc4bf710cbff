import { NotFoundNotice } from '@/components/shell/not-found-notice';

export default function InvoiceNotFound() {
  return (
    <NotFoundNotice
      title="Invoice not found"
      reason="This invoice does not exist or is not one of your organisation's invoices."
      back={{ href: '/invoices', label: 'Back to the invoices' }}
    />
  );
}
