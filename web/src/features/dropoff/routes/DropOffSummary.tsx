import { Page } from '@/components/Page';
import { DropOffSummaryView } from '../components/DropOffSummaryView';

/** /reports/dropoffsummary — Drop Off Summary (2-fleet-operations §2.5), behind the 'drop-override' flag. */
export default function DropOffSummary() {
  return (
    <Page title="Drop Off Summary">
      <DropOffSummaryView />
    </Page>
  );
}
