import { View } from '@aws-amplify/ui-react';
import { Page } from '@/components/Page';
import { CreateLocationForm } from '../components/CreateLocationForm';

/** /locations/new — create one location (spec §2.3). */
export default function NewLocation() {
  return (
    <Page title="New location">
      <View maxWidth="72rem">
        <CreateLocationForm />
      </View>
    </Page>
  );
}
