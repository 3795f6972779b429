import { AttributeTable } from '@/components/AttributeTable';
import { StatusBadge, type Tone } from '@/components/StatusBadge';
import type { FridgeHealth } from '../api/health-fields';
import type { Colour } from '../lib/health-rules';
import { HEALTH_MESSAGES } from '../lib/health-rules';
import { COLOUR_WORDS, healthRows } from '../lib/health-rows';

const TONES: Record<Colour, Tone> = { green: 'success', orange: 'warning', red: 'error' };

/** A row's value, and for a coloured row the word its colour stands for (the colour is never the only signal). */
function Value({ value, colour }: { value: string; colour: Colour | null }) {
  if (!colour) return <>{value}</>;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' }}>
      <span>{value}</span>
      <span data-status={colour}>
        <StatusBadge tone={TONES[colour]}>{COLOUR_WORDS[colour]}</StatusBadge>
      </span>
    </span>
  );
}

/** A fridge's health as a coloured attribute/value table (§4.3); 'No data' when it reported nothing. */
export function HealthAttributes({ health, label }: { health: FridgeHealth | null | undefined; label: string }) {
  const rows = healthRows(health).map((r) => ({
    key: r.field,
    attribute: r.attribute,
    value: <Value value={r.value} colour={r.colour} />,
    colour: r.colour,
  }));
  return <AttributeTable rows={rows} label={label} emptyMessage={HEALTH_MESSAGES.noData} />;
}
