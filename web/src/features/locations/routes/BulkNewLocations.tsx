import { Heading, View } from '@aws-amplify/ui-react';
import { BulkImport } from '../components/BulkImport';

/** /locations/bulk_new — import locations from a customer-record CSV export (spec §2.4). */
export default function BulkNewLocations() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Import locations
      </Heading>
      <BulkImport />
    </View>
  );
}
