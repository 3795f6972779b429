import { AttributeTable } from '@/components/AttributeTable';
import type { FridgeHealth } from '../api/health-fields';
import { HEALTH_MESSAGES } from '../lib/health-rules';
import { healthRows } from '../lib/health-rows';

/** A fridge's health as a coloured attribute/value table (§4.3); 'No data' when it reported nothing. */
export function HealthAttributes({ health, label }: { health: FridgeHealth | null | undefined; label: string }) {
  const rows = healthRows(health).map((r) => ({
    key: r.field,
    attribute: r.attribute,
    value: r.value,
    colour: r.colour,
  }));
  return <AttributeTable rows={rows} label={label} emptyMessage={HEALTH_MESSAGES.noData} />;
}
