import { Heading, Text, View } from '@aws-amplify/ui-react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { FridgeHealthView } from '../components/FridgeHealthView';

/** The id of /locations/health/{...}/{id}: its last path segment (spec §2). */
export function healthIdOf(splat: string | undefined): string {
  const last = (splat ?? '').split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

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
