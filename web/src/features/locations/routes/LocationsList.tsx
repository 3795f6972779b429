import { Heading, View } from '@aws-amplify/ui-react';
import { LocationsList as List } from '../components/LocationsList';

/** /locations/all — every location, cached locally and refreshed in the background (spec §2.6). */
export default function LocationsList() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Locations
      </Heading>
      <List />
    </View>
  );
}
