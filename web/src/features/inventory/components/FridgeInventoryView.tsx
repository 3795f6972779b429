import { useState } from 'react';
import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { PageLoader } from '@/components/PageLoader';
import { ScreenLink } from '@/components/ScreenLink';
import { ApiError, errorMessage, isForbidden, PROHIBITED_MESSAGE } from '@/lib/api';
import { useInventory, type FridgeInventory } from '../api/get-inventory';
import { INVENTORY_MESSAGES } from '../lib/messages';
import { unitsText } from '../lib/slot-grid';
import { InventoryAge } from './InventoryAge';
import { SlotDialog } from './SlotDialog';
import { SlotGrid } from './SlotGrid';
import { LOAD_INVENTORY_FAILURE } from '@/lib/messages';

function loadError(err: unknown): string {
  return isForbidden(err) ? PROHIBITED_MESSAGE : errorMessage(err, LOAD_INVENTORY_FAILURE);
}

function Summary({ inventory }: { inventory: FridgeInventory }) {
  const units = inventory.slots.reduce((n, s) => n + s.count, 0);
  const atRisk = inventory.slots.reduce((n, s) => n + s.units.filter((u) => u.atRisk).length, 0);
  return (
    <Text as="p" margin="0" fontSize="small" color="font.secondary">
      {`${unitsText(units)} in ${inventory.slots.length} ${inventory.slots.length === 1 ? 'slot' : 'slots'}` +
        (atRisk > 0 ? ` · ${unitsText(atRisk)} ${INVENTORY_MESSAGES.atRisk.toLowerCase()}` : '')}
    </Text>
  );
}

/**
 * /locations/inventory/{id} (3-planning §2): the last inventory the fridge
 * reported, its age in minutes, and a grid of slots; a slot opens its units.
 */
export function FridgeInventoryView({ id }: { id: string }) {
  const inventory = useInventory(id);
  const [openSlot, setOpenSlot] = useState<string | null>(null);
  const data = inventory.data;
  // The modal follows the latest read (the inventory refreshes while it is open).
  const shown = openSlot ? data?.slots.find((s) => s.slot === openSlot) : undefined;
  const notFound = inventory.error instanceof ApiError && inventory.error.status === 404;

  return (
    <Flex direction="column" gap="1rem">
      <Flex direction="column" gap="0.25rem">
        <Flex alignItems="baseline" gap="1rem" wrap="wrap">
          <Heading level={1} fontSize="xxxl">
            Fridge inventory: {id}
          </Heading>
          <ScreenLink to={`/locations/health/${encodeURIComponent(id)}`}>Fridge health</ScreenLink>
          <ScreenLink to={`/locations/detail/${encodeURIComponent(id)}`}>Location details</ScreenLink>
          {data ? (
            <Button
              size="small"
              marginLeft="auto"
              onClick={() => void inventory.refetch()}
              isLoading={inventory.isFetching}
              loadingText="Refreshing…"
            >
              Refresh
            </Button>
          ) : null}
        </Flex>
        {data?.timestamp ? <InventoryAge timestamp={data.timestamp} /> : null}
      </Flex>

      {inventory.isError ? (
        <Alert variation="error" role="alert">
          <Flex alignItems="center" gap="1rem" wrap="wrap">
            <Text>{loadError(inventory.error)}</Text>
            {notFound ? null : (
              <Button size="small" onClick={() => void inventory.refetch()}>
                Retry
              </Button>
            )}
          </Flex>
        </Alert>
      ) : null}

      {inventory.isPending && inventory.fetchStatus !== 'idle' ? <PageLoader label="Loading inventory…" /> : null}

      {data && !data.timestamp ? (
        <Alert variation="info" role="status">
          {INVENTORY_MESSAGES.notReported(id)}
        </Alert>
      ) : null}
      {data?.timestamp && data.slots.length === 0 ? (
        <Alert variation="info" role="status">
          {INVENTORY_MESSAGES.noSlots}
        </Alert>
      ) : null}
      {data?.timestamp && data.slots.length > 0 ? (
        <>
          <Summary inventory={data} />
          <SlotGrid slots={data.slots} onOpen={(s) => setOpenSlot(s.slot)} />
        </>
      ) : null}

      {shown ? <SlotDialog slot={shown} onClose={() => setOpenSlot(null)} /> : null}
    </Flex>
  );
}
