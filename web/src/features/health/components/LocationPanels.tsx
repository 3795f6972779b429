import { Link as RouterLink } from 'react-router-dom';
import { Flex } from '@aws-amplify/ui-react';
import { CollapsibleList } from '@/components/CollapsibleList';
import { StatusBadge } from '@/components/StatusBadge';
import type { FridgeHealth } from '../api/health-fields';
import { vendingStateColour, vendingStateLabel } from '../lib/health-rules';
import { HealthAttributes } from './HealthAttributes';

export const healthPath = (id: string) => `/locations/health/${encodeURIComponent(id)}`;

function Badges({ h }: { h: FridgeHealth }) {
  return (
    <Flex gap="0.35rem" alignItems="center" wrap="wrap">
      {h.jofemarState ? (
        <StatusBadge
          tone={vendingStateColour(h.jofemarState) === 'green' ? 'success' : 'error'}
          title={`Jofemar State ${h.jofemarState}`}
        >
          {vendingStateLabel(h.jofemarState)}
        </StatusBadge>
      ) : null}
      {h.outOfOrder ? <StatusBadge tone="error">Out of Order</StatusBadge> : null}
      {h.safetyHold ? <StatusBadge tone="error">Safety Hold</StatusBadge> : null}
      {h.inaccessible ? <StatusBadge tone="error">Inaccessible</StatusBadge> : null}
    </Flex>
  );
}

/** The Locations list of /portfoliohealth: one collapsible panel per fridge with its health table. */
export function LocationPanels({ items }: { items: FridgeHealth[] }) {
  return (
    <CollapsibleList
      items={items}
      getKey={(h) => h.locationId}
      label="Locations"
      title={(h) => h.locationId}
      headerExtra={(h) => (
        <>
          <Badges h={h} />
          <RouterLink
            to={healthPath(h.locationId)}
            aria-label={`Health page of ${h.locationId}`}
            style={{ marginLeft: 'auto' }}
          >
            Health page
          </RouterLink>
        </>
      )}
      body={(h) => <HealthAttributes health={h} label={`Health of ${h.locationId}`} />}
      height="70vh"
      emptyMessage="No locations match the filters."
    />
  );
}
