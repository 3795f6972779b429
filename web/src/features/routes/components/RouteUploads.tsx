import { Text } from '@aws-amplify/ui-react';
import { HelpPanel } from '@/components/HelpPanel';
import { UploadWorkbench } from '@/components/UploadWorkbench';
import { messageOf } from '@/lib/error-message';
import { commitDriverRoutes } from '../api/commit-driver-routes';
import { commitRouteAssignments } from '../api/commit-route-assignments';
import { commitRouteSchedule } from '../api/commit-route-schedule';
import { dryRunDriverRoutes } from '../api/dry-run-driver-routes';
import { dryRunRouteAssignments } from '../api/dry-run-route-assignments';
import { dryRunRouteSchedule } from '../api/dry-run-route-schedule';

const UPLOAD_DRIVERS = 'Upload Drivers';

function Help({ columns, children }: { columns: string; children: React.ReactNode }) {
  return (
    <HelpPanel heading="The file">
      <Text as="p">
        A CSV or Excel (.xlsx) file with a header row and the columns <strong>{columns}</strong>. The server checks the
        whole file first and nothing is written until you press &lsquo;{UPLOAD_DRIVERS}&rsquo;.
      </Text>
      <Text as="p">{children}</Text>
    </HelpPanel>
  );
}

/** /locations/update_routes: each location's route and stop (1-locations §2.8, §5.4). */
export function DriverRoutesUpload() {
  return (
    <UploadWorkbench
      help={
        <Help columns="id, route, stop">
          Each row sets one location&rsquo;s route and stop. Fridge routes are saved in lowercase; wholesale locations
          keep their spelling. The preview shows each location&rsquo;s old route and stop and the new ones.
        </Help>
      }
      previewLabel="Driver routes to upload"
      previewColumns={[
        { col: 'id', title: 'id' },
        { col: 'route', title: 'route' },
        { col: 'stop', title: 'stop' },
      ]}
      dryRun={dryRunDriverRoutes}
      commit={commitDriverRoutes}
      commitLabel={UPLOAD_DRIVERS}
      call="POST /locations/routes/drivers/commit"
      validRowsGoAlone={false}
      messageOf={messageOf}
      outcomeText={(written, failed) => `${written} locations updated, ${failed} failed.`}
    />
  );
}

/** /locations/update_weekly_routes: the stops of each route on each date (1-locations §2.8, §5.4). */
export function RouteScheduleUpload() {
  return (
    <UploadWorkbench
      help={
        <Help columns="date, market, id, route, stop, stockingIndex, stopType">
          Each route on each date is replaced by the file&rsquo;s stops for it, whole or not at all: stops of that route
          and date that are not in the file are removed. Dates are YYYY-MM-DD or MM/DD/YYYY; stopType is DELIVERY or
          REMOVAL; market is MW, NE, WC or S.
        </Help>
      }
      previewLabel="Route stops to upload"
      previewColumns={['date', 'market', 'id', 'route', 'stop', 'stockingIndex', 'stopType'].map((c) => ({
        col: c,
        title: c,
      }))}
      dryRun={dryRunRouteSchedule}
      commit={commitRouteSchedule}
      commitLabel={UPLOAD_DRIVERS}
      call="POST /locations/routes/schedule/commit"
      validRowsGoAlone={false}
      messageOf={messageOf}
      outcomeText={(written, failed) => `${written} stops written, ${failed} failed.`}
    />
  );
}

/** /locations/update_route_drivers: who drives which route on which date (issue 38). */
export function RouteAssignmentsUpload() {
  return (
    <UploadWorkbench
      help={
        <Help columns="date, route, driverEmail">
          Each row names the driver of one route on one date: the e-mail of a console user. A route that already has a
          driver gets the new one, and its history keeps who drove it before. Dates are YYYY-MM-DD or MM/DD/YYYY. To
          take a route&rsquo;s driver off, clear it on View Routes.
        </Help>
      }
      previewLabel="Route drivers to upload"
      previewColumns={['date', 'route', 'driverEmail'].map((c) => ({ col: c, title: c }))}
      dryRun={dryRunRouteAssignments}
      commit={commitRouteAssignments}
      commitLabel={UPLOAD_DRIVERS}
      call="POST /locations/routes/assignments/commit"
      validRowsGoAlone={false}
      messageOf={messageOf}
      outcomeText={(written, failed) => `${written} route drivers set, ${failed} failed.`}
    />
  );
}
