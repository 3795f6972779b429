import { Page } from '@/components/Page';
import { RoutesByDate } from '../components/RoutesByDate';

/** /locations/view_routes — Routes → View. */
export default function ViewRoutes() {
  return (
    <Page title="View Routes By Date">
      <RoutesByDate />
    </Page>
  );
}
