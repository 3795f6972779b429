import { HistoryDialog } from '@/components/HistoryDialog';
import { HistoryRecords } from '@/components/HistoryRecords';
import { centralTime } from '@/lib/central-time';
import { useStockedHistory } from '../api/stocked-history';
import type { DashboardStop } from '../lib/dashboard-types';
import { stockedAttribute, stockedValue } from '../lib/stocked-correction';

export const NO_STOCKED_HISTORY = 'No correction of the stocked record yet';

/** A stop's stocked record on a stocking day: its supervisors' voids and re-times (who, when, why), newest first. */
export function StockedHistoryDialog({
  day,
  stop,
  onClose,
}: {
  day: string;
  stop: Pick<DashboardStop, 'locationId' | 'stockingIndex'>;
  onClose: () => void;
}) {
  const history = useStockedHistory(day, stop.locationId, stop.stockingIndex);
  return (
    <HistoryDialog
      title={`Stocked history of ${stop.locationId} on ${day}${stop.stockingIndex > 1 ? ` (stocking index ${stop.stockingIndex})` : ''}`}
      listLabel={`Stocked history of ${stop.locationId}`}
      emptyText={NO_STOCKED_HISTORY}
      history={history}
      onClose={onClose}
      renderRecords={(records, label) => (
        <HistoryRecords
          records={records.map((r) => ({
            ...r,
            changes: r.changes.map((c) => ({ ...c, attribute: stockedAttribute(c.attribute) })),
          }))}
          label={label}
          time={(at) => `${centralTime(at)} CT`}
          value={stockedValue}
        />
      )}
    />
  );
}
