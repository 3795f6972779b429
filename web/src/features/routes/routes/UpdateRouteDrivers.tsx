import { Page } from '@/components/Page';
import { RouteAssignmentsUpload } from '../components/RouteUploads';
import { UploadTabs } from '../components/UploadTabs';

/** /locations/update_route_drivers — who drives which route on which date, by file (issue 38). */
export default function UpdateRouteDrivers() {
  return (
    <Page title="Upload routes" headingGap="0.5rem">
      <UploadTabs />
      <RouteAssignmentsUpload />
    </Page>
  );
}
