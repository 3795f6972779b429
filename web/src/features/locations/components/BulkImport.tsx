import { Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { HelpPanel } from '@/components/HelpPanel';
import { UploadWorkbench } from '@/components/UploadWorkbench';
import { commitBulkLocations, dryRunBulkLocations } from '../api/bulk-locations';
import { messageOf } from '@/lib/error-message';
import { forgetOpsLocations } from '@/lib/locations/kept-ops-locations';
import type { UploadBody } from '@/lib/upload-pipeline';
import { MESSAGES } from '../lib/constants';

const ID_COLUMN = 'POS_NAME__c';
const BUSINESS_HOURS_COLUMN = 'Business_Hours__c';
const PREVIEW_COLUMNS: { col: string; title: string }[] = [
  { col: ID_COLUMN, title: 'id' },
  { col: 'Consumer_Friendly_NAme__c', title: 'prettyName' },
  { col: 'Fridge_Street__c', title: 'street' },
  { col: 'Fridge_City__c', title: 'city' },
  { col: 'Fridge_State__c', title: 'state' },
  { col: 'Fridge_Zipcode__c', title: 'zipCode' },
  { col: 'Stocking_Date__c', title: 'onlineDate' },
  { col: BUSINESS_HOURS_COLUMN, title: 'Business hours' },
];
function ImportHelp() {
  return (
    <HelpPanel heading="How the import works">
      <Text as="p">
        Choose the locations export of the customer-relationship system as a <strong>CSV or Excel (.xlsx) file</strong>{' '}
        with a header row. The server checks the whole file first (nothing is written): each row shows whether it
        creates a location, is already there unchanged, or is invalid and why.
      </Text>
      <Text as="p">
        Only 24-hour fridges can be imported: a row needs {ID_COLUMN} and {BUSINESS_HOURS_COLUMN} exactly &lsquo;24
        Hours&rsquo;. CRM spellings of the vertical and access type are mapped (e.g. Business &amp; Industry to
        B&amp;I).
      </Text>
      <Text as="p">
        &lsquo;Create new locations&rsquo; sends the valid rows; invalid rows are left out and stay, with their
        messages, so you can download them, fix them and import them again. Created rows leave the table.
      </Text>
    </HelpPanel>
  );
}

/** /locations/bulk_new: the CRM export through the upload pipeline; valid rows may go alone (spec §2.4). */
export function BulkImport() {
  const client = useQueryClient();
  // Rows created: the pars screens' kept list of locations lacks them.
  const commit = async (body: UploadBody) => {
    const answer = await commitBulkLocations(body);
    forgetOpsLocations(client);
    return answer;
  };
  return (
    <UploadWorkbench
      help={<ImportHelp />}
      previewLabel="Locations to import"
      previewColumns={PREVIEW_COLUMNS}
      dryRun={dryRunBulkLocations}
      commit={commit}
      commitLabel="Create new locations"
      call="POST /locations/bulk/commit"
      committingLabel={MESSAGES.uploading}
      validRowsGoAlone
      messageOf={messageOf}
      outcomeText={(written, failed) => `${written} created, ${failed} failed.`}
      invalidHeading="These rows will not be created"
    />
  );
}
