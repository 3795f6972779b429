import { Alert } from '@aws-amplify/ui-react';
import { useLocation } from 'react-router-dom';
import { Page } from '@/components/Page';
import { LocationsList as List } from '../components/LocationsList';
import { notFoundIdOf, notFoundMessage } from './not-found';

/** The screen's first data, which the route asks for beside the access check (router.tsx, issue 63). */
export { preloadLocationsList as preloadData } from '@/lib/locations/use-locations-list';

/** /locations/all — every location, cached locally and refreshed in the background (spec §2.6). */
export default function LocationsList() {
  const arrival = useLocation();
  const notFound = notFoundIdOf(arrival.state);
  return (
    <Page title="Locations">
      {notFound !== null ? (
        // Keyed by the arrival, so a later redirect shows its notice again after a dismissal.
        <Alert key={arrival.key} variation="warning" isDismissible marginBottom="1rem">
          {notFoundMessage(notFound)}
        </Alert>
      ) : null}
      <List />
    </Page>
  );
}
