import { View } from '@aws-amplify/ui-react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { LocationDetailView } from '../components/LocationDetailView';

/** The id of a detail, inventory or health route: its last path segment (spec §2.1). */
export function lastSegment(splat: string | undefined): string {
  return (splat ?? '').split('/').filter(Boolean).pop() ?? '';
}

/** /locations/detail/{...}/{id} (and /locations/detail): one location's properties (spec §2.5). */
export default function LocationDetail() {
  const params = useParams();
  const id = lastSegment(params.id ?? params['*']);
  useDocumentTitle(id || 'Location');
  return (
    <View padding="1rem">
      <LocationDetailView key={id} id={id} />
    </View>
  );
}
