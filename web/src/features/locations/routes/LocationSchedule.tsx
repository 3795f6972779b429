import { useParams } from 'react-router-dom';
import { Flex } from '@aws-amplify/ui-react';
import { Page } from '@/components/Page';
import { LocationScheduleView, UpcomingChanges } from '../components/LocationScheduleView';

/** /locations/schedule/{id}: the last path segment is the location id. */
export default function LocationSchedule() {
  const rest = useParams()['*'] ?? '';
  const id = decodeURIComponent(rest.split('/').filter(Boolean).pop() ?? '');
  return (
    <Page title={id ? `Schedule of ${id}` : 'Scheduled changes'} headingGap="0.5rem">
      <Flex direction="column" gap="2rem">
        {id ? <LocationScheduleView id={id} /> : null}
        <UpcomingChanges />
      </Flex>
    </Page>
  );
}
