import { HistoryDialog } from '@/components/HistoryDialog';
import { HistoryRecords } from '@/components/HistoryRecords';
import { historyText } from '@/lib/history';
import { centralTime } from '@/lib/central-time';
import { useRouteDriverHistory } from '../api/route-driver-history';
import { usDate } from '../lib/route-table';

export const NO_DRIVER_HISTORY = 'No driver recorded yet';

/** A route's driver changes on a date (who, when, from where, old → new), newest first. */
export function RouteDriverHistoryDialog({
  date,
  route,
  onClose,
}: {
  date: string;
  route: string;
  onClose: () => void;
}) {
  const history = useRouteDriverHistory(date, route);
  return (
    <HistoryDialog
      title={`Drivers of route ${route} on ${usDate(date)}`}
      listLabel={`Driver history of route ${route}`}
      emptyText={NO_DRIVER_HISTORY}
      history={history}
      onClose={onClose}
      renderRecords={(records, label) => (
        <HistoryRecords records={records} label={label} time={(at) => `${centralTime(at)} CT`} value={historyText} />
      )}
    />
  );
}
