import { Text } from '@aws-amplify/ui-react';
import { HelpPanel } from '@/components/HelpPanel';
import { UploadWorkbench } from '@/components/UploadWorkbench';
import { Page } from '@/components/Page';
import { commitBulkSchedule, dryRunBulkSchedule } from '../api/bulk-schedule';
import { messageOf } from '@/lib/error-message';

const COLUMNS = ['location', 'attribute', 'value', 'dateTime', 'reason'];

/** /locations/bulk_schedule: many scheduled changes from one file, each checked as a single one is. */
export default function BulkSchedule() {
  return (
    <Page title="Bulk schedule">
      <UploadWorkbench
        help={
          <HelpPanel>
            <Text as="p">
              A CSV or Excel (.xlsx) file with the columns <strong>{COLUMNS.join(', ')}</strong>. dateTime is the
              fridge&rsquo;s own time (YYYY-MM-DD HH:MM or MM/DD/YYYY HH:MM, in its CT, ET, MT or PT zone). Allocation
              (prod) and reserve changes need a reason. Each row is checked as a single scheduled change is; the preview
              shows the current value and the scheduled one.
            </Text>
          </HelpPanel>
        }
        previewLabel="Changes to schedule"
        previewColumns={COLUMNS.map((c) => ({ col: c, title: c }))}
        dryRun={dryRunBulkSchedule}
        commit={commitBulkSchedule}
        commitLabel="Schedule changes"
        call="POST /locations/schedule/bulk/commit"
        validRowsGoAlone={false}
        messageOf={messageOf}
        outcomeText={(written, failed) => `${written} changes scheduled, ${failed} failed.`}
      />
    </Page>
  );
}
