/**
 * An annuity year, with the payment sequence number when the service sends one: it is present only
 * when it differs from the annuity year (spec: Patent event), and then it is the number the office
 * and the invoice use, so it follows the renewal onto every page, not only the month view.
 */
export function AnnuityYear({
  year,
  paymentSequence,
}: {
  year: number | null | undefined;
  paymentSequence: number | null | undefined;
}) {
  return (
    <span className="tabular-nums">
      {year ?? '—'}
      {paymentSequence != null ? (
        // A space in the text, not only a margin: copied, read aloud or searched it is "11 (payment 8)".
        <>
          {' '}
          <span className="text-xs text-muted-foreground">(payment {paymentSequence})</span>
        </>
      ) : null}
    </span>
  );
}
