import { Page } from '@/components/Page';
import { StockingDashboardView } from '../components/StockingDashboardView';

/** /reports/checkpoints and /checkpoints — Stocking Real-Time Dashboard (2-fleet-operations §2.4). */
export default function StockingDashboard() {
  return (
    <Page title="Stocking Real-Time Dashboard">
      <StockingDashboardView />
    </Page>
  );
}
