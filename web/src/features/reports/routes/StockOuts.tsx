import { Page } from '@/components/Page';
import type { DataColumn } from '@/components/DataTable';
import { getStockOuts, type StockOutRow } from '../api/reports';
import { DayReport } from '../components/DayReport';
import { FridgeLink } from '../components/ReportParts';

const columns: DataColumn<StockOutRow>[] = [
  { id: 'date', header: 'Date', value: (r) => r.Date },
  { id: 'time', header: 'Time (CT)', value: (r) => r.Time },
  { id: 'location', header: 'Location', value: (r) => r.Location, cell: (r) => <FridgeLink id={r.Location} /> },
  { id: 'item', header: 'Item', value: (r) => r.Item },
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
      />
    </Page>
  );
}
