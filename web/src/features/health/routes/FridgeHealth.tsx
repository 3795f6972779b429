import { Heading, Text, View } from '@aws-amplify/ui-react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { FridgeHealthView } from '../components/FridgeHealthView';
import { healthIdOf } from '../lib/health-id';

// Also here for the tests that import it with the screen.
export { healthIdOf };

/** /locations/health/{id} — one fridge's health and Fridge Commands (spec 2-fleet-operations §2.3). */
export default function FridgeHealth() {
  const id = healthIdOf(useParams()['*']);
  useDocumentTitle(id ? `${id} health` : 'Fridge health');
  return (
    <View padding="1rem">
      {id ? (
        <FridgeHealthView key={id} id={id} />
      ) : (
        <>
          <Heading level={1} fontSize="xxxl">
            Fridge health
          </Heading>
          <Text>Open a fridge's health from the Fleet health list (/portfoliohealth).</Text>
        </>
      )}
    </View>
  );
}
