import { RecordNotFound } from '@/components/shell/record-not-found';

export default function RateFreezeMonthNotFound() {
  return <RecordNotFound record="freezeMonth" />;
}
