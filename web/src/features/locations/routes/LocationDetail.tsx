import { View } from '@aws-amplify/ui-react';
import { useParams } from 'react-router-dom';
import { LocationDetailView } from '../components/LocationDetailView';

/** /locations/detail/:id (and /locations/detail): one location's properties (spec §2.5). */
export default function LocationDetail() {
  const params = useParams();
  const id = (params.id ?? params['*'] ?? '').split('/').filter(Boolean).pop() ?? '';
  return (
    <View padding="1rem">
      <LocationDetailView key={id} id={id} />
    </View>
  );
}
