import { RecordNotFound } from '@/components/shell/record-not-found';

export default function InvoiceNotFound() {
  return <RecordNotFound record="invoice" />;
}
