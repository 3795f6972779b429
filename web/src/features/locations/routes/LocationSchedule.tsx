import { useParams } from 'react-router-dom';
import { Flex } from '@aws-amplify/ui-react';
import { Page } from '@/components/Page';
import { pageIdOf } from '../api/preload-location-pages';
import { LocationScheduleView, UpcomingChanges } from '../components/LocationScheduleView';

/** The screen's first data, which the route asks for beside the access check (router.tsx, issue 63). */
export { preloadLocationSchedule as preloadData } from '../api/preload-location-pages';

/** /locations/schedule/{id}: the last path segment is the location id. */
export default function LocationSchedule() {
  const id = pageIdOf(useParams());
  return (
    <Page title={id ? `Schedule of ${id}` : 'Scheduled changes'} headingGap="0.5rem">
      <Flex direction="column" gap="2rem">
        {id ? <LocationScheduleView id={id} /> : null}
        <UpcomingChanges />
      </Flex>
    </Page>
  );
}
