import { Page } from '@/components/Page';
import type { DataColumn } from '@/components/DataTable';
import { getEmptyChannels, type EmptyChannelRow } from '../api/get-empty-channels';
import { DayReport } from '../components/DayReport';
import { FridgeLink } from '../components/ReportParts';
import { lasted } from '../lib/report-rules';

const columns: DataColumn<EmptyChannelRow>[] = [
  { id: 'location', header: 'Location', value: (r) => r.kioskName, cell: (r) => <FridgeLink id={r.kioskName} /> },
  { id: 'item', header: 'Item Name', value: (r) => r.vendItemName },
  { id: 'timestamp', header: 'Timestamp (CT)', value: (r) => `${r.date} ${r.time}` },
  { id: 'column', header: 'Logical Column', value: (r) => r.logicalColumn },
  { id: 'row', header: 'Logical Row', value: (r) => r.logicalRow },
  { id: 'restocked', header: 'Restocked At (CT)', value: (r) => r.restockedAt ?? 'Still empty' },
  { id: 'lasted', header: 'Lasted', value: (r) => lasted(r.lastedMinutes) },
  { id: 'route', header: 'Route', value: (r) => r.route ?? '' },
  { id: 'market', header: 'Market', value: (r) => r.market ?? '' },
];

/** /reports/emptychannels — the slots that became empty on a Central day (3-planning §2). */
export default function EmptyChannels() {
  return (
    <Page title="Empty Channel Report">
      <DayReport
        name="empty-channels"
        noun="empty channels"
        fetch={getEmptyChannels}
        columns={columns}
        rowId={(r) => `${r.timestamp}#${r.kioskName}#${r.slot}`}
        rowLabel={(r) => `${r.kioskName} slot ${r.slot} at ${r.date} ${r.time}`}
        route={(r) => r.route}
        market={(r) => r.market}
      />
    </Page>
  );
}
