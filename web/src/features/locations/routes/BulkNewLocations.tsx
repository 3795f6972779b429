import { Page } from '@/components/Page';
import { BulkImport } from '../components/BulkImport';

/** /locations/bulk_new — import locations from a customer-record CSV export (spec §2.4). */
export default function BulkNewLocations() {
  return (
    <Page title="Import locations">
      <BulkImport />
    </Page>
  );
}
