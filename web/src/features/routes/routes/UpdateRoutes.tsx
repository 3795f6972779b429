import { Heading, View } from '@aws-amplify/ui-react';
import { DriverRoutesUpload } from '../components/RouteUploads';
import { UploadTabs } from '../components/UploadTabs';

/** /locations/update_routes — Routes → Upload: the driver/route upload. */
export default function UpdateRoutes() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="0.5rem">
        Upload routes
      </Heading>
      <UploadTabs />
      <DriverRoutesUpload />
    </View>
  );
}
