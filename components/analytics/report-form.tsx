import { buttonVariants } from '@/components/ui/button';

/**
 * The monthly management report (PDF) for a chosen month: a plain GET form to the report route, so
 * it works without JavaScript and the browser downloads the file. The route validates the month.
 */
export function MonthlyReportForm({ defaultMonth }: { defaultMonth: string }) {
  return (
    <form
      action="/api/analytics/report"
      method="get"
      className="flex flex-wrap items-center gap-2"
      aria-label="Monthly report"
    >
      <label htmlFor="analytics-report-month" className="text-sm font-medium">
        Report month
      </label>
      <input
        id="analytics-report-month"
        name="month"
        type="month"
        required
        defaultValue={defaultMonth}
        className="h-8 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <button type="submit" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        Monthly report (PDF)
      </button>
    </form>
  );
}
