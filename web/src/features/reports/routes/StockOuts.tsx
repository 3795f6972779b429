import { Page } from '@/components/Page';
import type { DataColumn } from '@/components/DataTable';
import { getStockOuts, type StockOutRow } from '../api/get-stock-outs';
import { DayReport } from '../components/DayReport';
import { FridgeLink } from '../components/ReportParts';
import { lasted } from '../lib/report-rules';

const columns: DataColumn<StockOutRow>[] = [
  { id: 'date', header: 'Date', value: (r) => r.Date },
  { id: 'time', header: 'Time (CT)', value: (r) => r.Time },
  { id: 'location', header: 'Location', value: (r) => r.Location, cell: (r) => <FridgeLink id={r.Location} /> },
  { id: 'item', header: 'Item', value: (r) => r.Item },
  { id: 'restocked', header: 'Restocked At (CT)', value: (r) => r.restockedAt ?? 'Still out' },
  { id: 'lasted', header: 'Lasted', value: (r) => lasted(r.lastedMinutes) },
  {
    id: 'next',
    header: 'Next Stop',
    value: (r) => (r.nextStop ? `${r.nextStop} (in ${r.hoursToNextStop ?? 0} h)` : r.restockedAt ? '' : 'None planned'),
  },
  { id: 'route', header: 'Route', value: (r) => r.route ?? '' },
  { id: 'market', header: 'Market', value: (r) => r.market ?? '' },
];

/** /reports/stockouts — the items fridges ran out of on a Central day (3-planning §2). */
export default function StockOuts() {
  return (
    <Page title="Stock-outs Report">
      <DayReport
        name="stock-outs"
        noun="stock-outs"
        fetch={getStockOuts}
        columns={columns}
        rowId={(r) => `${r.timestamp}#${r.Location}#${r.Item}`}
        rowLabel={(r) => `${r.Location} out of ${r.Item} at ${r.Date} ${r.Time}`}
        route={(r) => r.route}
        market={(r) => r.market}
      />
    </Page>
  );
}
