import { Heading, View } from '@aws-amplify/ui-react';
import { RouteScheduleUpload } from '../components/RouteUploads';
import { UploadTabs } from '../components/UploadTabs';

/** /locations/update_weekly_routes — the route-stop schedule upload. */
export default function UpdateWeeklyRoutes() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="0.5rem">
        Upload routes
      </Heading>
      <UploadTabs />
      <RouteScheduleUpload />
    </View>
  );
}
