import { count } from '@/lib/count';
import type { Pilot } from '../api/get-fridge-software-pilots';

/** What a pilot is, for the icon's tooltip (§2.1). */
export function pilotSummary(p: Pilot): string {
  const fridges = count(p.fridgeIds.length, 'fridge');
  return `${p.displayName}: ${p.startDate} to ${p.endDate}, stage ${p.stage}, ${fridges}. ${p.description}`;
}

/** A pilot's flag in its own colour (`pilotColours`); the tooltip and the accessible name say which pilot. */
export function PilotIcon({ pilot, colour }: { pilot: Pilot; colour: string }) {
  const summary = pilotSummary(pilot);
  return (
    <span role="img" aria-label={`Pilot ${summary}`} title={summary} style={{ display: 'inline-flex', marginRight: 4 }}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill={colour} aria-hidden="true">
        <path d="M14.4 6 14 4H5v17h2v-7h5.6l.4 2h7V6z" />
      </svg>
    </span>
  );
}

/** The warning in the Pilots header: fridges in more than one pilot. */
export function ManyPilotsWarning({ fridges }: { fridges: string[] }) {
  if (fridges.length === 0) return null;
  const text = `Fridges in more than one pilot: ${fridges.join(', ')}`;
  return (
    <span
      role="img"
      aria-label={text}
      title={text}
      style={{ display: 'inline-flex', marginRight: 4, verticalAlign: 'middle' }}
    >
      <svg
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="var(--amplify-colors-orange-80, #b35c00)"
        aria-hidden="true"
      >
        <path d="M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z" />
      </svg>
    </span>
  );
}
