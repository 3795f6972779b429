import { Heading, Text, View } from '@aws-amplify/ui-react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { FridgeInventoryView } from '../components/FridgeInventoryView';
import { inventoryIdOf } from '../lib/inventory-id';
import { INVENTORY_MESSAGES } from '../lib/messages';

/** /locations/inventory/{...}/{id} — one fridge's inventory (spec 3-planning §2); the last segment is the id. */
export default function FridgeInventory() {
  const id = inventoryIdOf(useParams()['*']);
  useDocumentTitle(id ? `${id} inventory` : 'Fridge inventory');
  return (
    <View padding="1rem">
      {id ? (
        <FridgeInventoryView key={id} id={id} />
      ) : (
        <>
          <Heading level={1} fontSize="xxxl">
            Fridge inventory
          </Heading>
          <Text>{INVENTORY_MESSAGES.noId}</Text>
        </>
      )}
    </View>
  );
}
