import { RecordNotFound } from '@/components/shell/record-not-found';

export default function PatentNotFound() {
  return <RecordNotFound record="patent" />;
}
