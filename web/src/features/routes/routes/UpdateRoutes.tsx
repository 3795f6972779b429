import { Page } from '@/components/Page';
import { DriverRoutesUpload } from '../components/RouteUploads';
import { UploadTabs } from '../components/UploadTabs';

/** /locations/update_routes — Routes → Upload: the driver/route upload. */
export default function UpdateRoutes() {
  return (
    <Page title="Upload routes" headingGap="0.5rem">
      <UploadTabs />
      <DriverRoutesUpload />
    </Page>
  );
}
