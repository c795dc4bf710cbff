import { DataTable } from '@/components/data-table/data-table';
import { RowDetails } from '@/components/data-table/row-details';
import { patentName } from '@/lib/portfolio/patent-name';
import type { TableColumn } from '@/lib/table/columns';
import type { BatchItemRow } from './batch-item-columns';

/**
 * The decisions of a batch, one row each, found by their event id (`data-event-id`): the send
 * review, the batch's receipt and the approver's review draw them here, each with its columns
 * (./batch-item-columns.tsx). No hooks: it renders on the server, and in the send review's form.
 */
export function BatchItemsTable<Item extends BatchItemRow>({
  items,
  columns,
  label,
  highlight,
}: {
  items: readonly Item[];
  columns: readonly TableColumn<Item>[];
  label: string;
  /** Rows to set apart (a decision the service refused). */
  highlight?: (item: Item) => boolean;
}) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={items}
      rowKey={(item) => item.eventId}
      rowDetails={{ name: patentName, Disclosure: RowDetails }}
      rowProps={(item) => ({
        'data-event-id': item.eventId,
        className: highlight?.(item) ? 'bg-destructive/5' : undefined,
      })}
    />
  );
}
