import { Text } from '@aws-amplify/ui-react';
import { HistoryDialog } from '@/components/HistoryDialog';
import { centralTime } from '@/lib/central-time';
import type { DropOffRow } from '../api/drop-off-summary';
import { useDropOverrideHistory } from '../api/drop-override-history';
import { changeLine } from '../lib/drop-history';

export const NO_DROP_HISTORY = 'No drop status recorded yet';

/** A slip's recorded statuses and reverts, newest first. */
export function DropHistoryDialog({ date, row, onClose }: { date: string; row: DropOffRow; onClose: () => void }) {
  const history = useDropOverrideHistory(date, row.packingSlipId);
  return (
    <HistoryDialog
      title={`History of ${row.packingSlipId}`}
      listLabel={`Drop status history of ${row.packingSlipId}`}
      emptyText={NO_DROP_HISTORY}
      errorText="The history could not be loaded."
      history={history}
      onClose={onClose}
      renderRecords={(records, label) => (
        <ol aria-label={label}>
          {records.map((r) => (
            <li key={`${r.at}|${r.who}|${r.changes.map((c) => c.attribute).join()}`}>
              <Text as="span" fontWeight="bold">
                {centralTime(r.at)} CT
              </Text>{' '}
              <Text as="span">{r.who}</Text>
              {r.changes.map((c) => (
                <Text key={c.attribute}>
                  {changeLine(c)}
                  {c.reason ? ` — ${c.reason}` : ''}
                </Text>
              ))}
            </li>
          ))}
        </ol>
      )}
    />
  );
}
