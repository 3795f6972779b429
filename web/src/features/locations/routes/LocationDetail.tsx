import { Navigate, useParams } from 'react-router-dom';
import { Page } from '@/components/Page';
import { useLocation as useLocationQuery } from '@/lib/locations/get-location';
import { LocationDetailView } from '../components/LocationDetailView';
import { pageIdOf } from '../api/preload-location-pages';
import { notFoundState } from './not-found';

/** The screen's first data, which the route asks for beside the access check (router.tsx, issue 63). */
export { preloadLocationDetail as preloadData } from '../api/preload-location-pages';

/** /locations/detail/{...}/{id} (and /locations/detail): one location's properties (spec §2.5). */
export default function LocationDetail() {
  const id = pageIdOf(useParams());
  // The view's own query (one cache entry): an unknown id goes back to the list, which says why.
  const location = useLocationQuery(id);
  if (id && location.isSuccess && location.data === null)
    return <Navigate to="/Locations/all" replace state={notFoundState(id)} />;
  // The id is the screen's one h1 (and the tab's title).
  return (
    <Page title={id || 'Location'} headingGap="0.5rem">
      <LocationDetailView key={id} id={id} />
    </Page>
  );
}
