import { NotFoundNotice } from '@/components/shell/not-found-notice';

export default function PatentNotFound() {
  return (
    <NotFoundNotice
      title="Patent not found"
      reason="This patent does not exist or is not part of your portfolio."
      back={{ href: '/portfolio', label: 'Back to the portfolio' }}
    />
  );
}
