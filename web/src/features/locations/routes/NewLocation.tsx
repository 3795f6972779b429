import { Heading, View } from '@aws-amplify/ui-react';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { CreateLocationForm } from '../components/CreateLocationForm';

/** /locations/new — create one location (spec §2.3). */
export default function NewLocation() {
  useDocumentTitle('New location');
  return (
    <View padding="1rem" maxWidth="72rem">
      <Heading level={2} marginBottom="1rem">
        New location
      </Heading>
      <CreateLocationForm />
    </View>
  );
}
