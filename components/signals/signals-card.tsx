import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { RenewalSignals } from '@/lib/signals/signals';
import { RenewalSignalsList } from './renewal-signals';

/** The patent page's signals: what keeping it costs and who else in the family is still kept. */
export function SignalsCard({ signals, locale }: { signals: RenewalSignals; locale: string }) {
  return (
    <Card aria-labelledby="signals-heading">
      <CardHeader>
        <CardTitle id="signals-heading">Signals for the next renewal</CardTitle>
      </CardHeader>
      <CardContent>
        <RenewalSignalsList signals={signals} locale={locale} />
      </CardContent>
    </Card>
  );
}
