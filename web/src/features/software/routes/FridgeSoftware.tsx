import { Heading, View } from '@aws-amplify/ui-react';
import { FridgeSoftwareView } from '../components/FridgeSoftwareView';

/** /locations/fridge_software — Locations → View Fridge Software. */
export default function FridgeSoftware() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Fridge Software Inventory
      </Heading>
      <FridgeSoftwareView />
    </View>
  );
}
