import { Page } from '@/components/Page';
import { RouteScheduleUpload } from '../components/RouteUploads';
import { UploadTabs } from '../components/UploadTabs';

/** /locations/update_weekly_routes — the route-stop schedule upload. */
export default function UpdateWeeklyRoutes() {
  return (
    <Page title="Upload routes" headingGap="0.5rem">
      <UploadTabs />
      <RouteScheduleUpload />
    </Page>
  );
}
