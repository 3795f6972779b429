import { useParams } from 'react-router-dom';
import { Flex, View } from '@aws-amplify/ui-react';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { LocationScheduleView, UpcomingChanges } from '../components/LocationScheduleView';

/** /locations/schedule/{id}: the last path segment is the location id. */
export default function LocationSchedule() {
  const rest = useParams()['*'] ?? '';
  const id = decodeURIComponent(rest.split('/').filter(Boolean).pop() ?? '');
  useDocumentTitle(id ? `${id} schedule` : 'Scheduled changes');
  return (
    <View padding="1rem">
      <Flex direction="column" gap="2rem">
        {id ? <LocationScheduleView id={id} /> : null}
        <UpcomingChanges />
      </Flex>
    </View>
  );
}
