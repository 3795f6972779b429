import type { FridgeArtifact } from '../api/get-fridge-artifacts';
import type { Pilot } from '../api/get-fridge-software-pilots';

/** The software columns, in the spec's order (§2.1). */
export const SOFTWARE = [
  { type: 'FRIDGE_UI_APPLICATION', label: 'UI' },
  { type: 'FRIDGE_JAVA_SERVER', label: 'Java Server' },
  { type: 'FRIDGE_AGENT', label: 'Agent' },
  { type: 'FRIDGE_INVENTORY', label: 'Inventory' },
  { type: 'FRIDGE_PRICING_PARSER', label: 'Parser' },
  { type: 'FRIDGE_PRICING_CONSUMER', label: 'Consumer' },
  { type: 'FRIDGE_HEARTBEAT', label: 'Heartbeat' },
  { type: 'FRIDGE_JAVA_SERVER_CONFIG', label: 'Java Config' },
] as const;

export const labelOf = (type: string) => SOFTWARE.find((s) => s.type === type)?.label ?? type;

export const STATUSES = ['LIVE', 'DEAD', 'OFFLINE'] as const;
/** Selects fridges without the software (§4.2). */
export const NO_VERSION = 'No Version';

export interface FridgeRow {
  id: string;
  status: string;
  /** Software type → version the fridge runs. */
  versions: Record<string, string>;
  pilots: Pilot[];
}

interface LocationLike {
  id: string;
  type?: string | null;
  status?: string | null;
}

/** One row per fridge: its status, what it runs and its pilots. */
export function inventoryRows(locations: LocationLike[], artifacts: FridgeArtifact[], pilots: Pilot[]): FridgeRow[] {
  const versions = new Map<string, Record<string, string>>();
  for (const a of artifacts) {
    for (const v of a.versions) {
      for (const fridge of v.fridgesDeployedTo) {
        const row = versions.get(fridge) ?? {};
        row[a.artifactType] = v.versionName;
        versions.set(fridge, row);
      }
    }
  }
  const pilotsOf = new Map<string, Pilot[]>();
  for (const p of pilots) for (const f of p.fridgeIds) pilotsOf.set(f, [...(pilotsOf.get(f) ?? []), p]);
  return locations
    .filter((l) => !l.type || l.type === 'FRIDGE')
    .map((l) => ({
      id: l.id,
      status: l.status ?? '',
      versions: versions.get(l.id) ?? {},
      pilots: pilotsOf.get(l.id) ?? [],
    }));
}

export interface InventoryFilter {
  statuses: string[];
  software: { type: string; versions: string[] } | null;
  pilotId: string | null;
}

export const DEFAULT_FILTER: InventoryFilter = { statuses: ['LIVE'], software: null, pilotId: null };
export const NO_FILTER: InventoryFilter = { statuses: [], software: null, pilotId: null };

export const isFiltered = (f: InventoryFilter) =>
  f.statuses.length > 0 || (f.software?.versions.length ?? 0) > 0 || f.pilotId !== null;

/** Filters combine: the pilot's fridges are intersected with the version's (§4.2). */
export function applyFilter(rows: FridgeRow[], f: InventoryFilter, pilots: Pilot[]): FridgeRow[] {
  const pilot = f.pilotId ? new Set(pilots.find((p) => p.id === f.pilotId)?.fridgeIds ?? []) : null;
  const wanted = f.software && f.software.versions.length > 0 ? f.software : null;
  return rows.filter((r) => {
    if (f.statuses.length > 0 && !f.statuses.includes(r.status)) return false;
    if (wanted) {
      const running = r.versions[wanted.type];
      if (!(running ? wanted.versions.includes(running) : wanted.versions.includes(NO_VERSION))) return false;
    }
    return !pilot || pilot.has(r.id);
  });
}

/** 'FILTER • (LIVE | Agent = 2.16.0, 2.15.0 | Pilot: name) SELECTED', or 'FILTER'. */
export function filterLabel(f: InventoryFilter, pilots: Pilot[]): string {
  const parts: string[] = [];
  if (f.statuses.length > 0) parts.push(f.statuses.join(', '));
  if (f.software && f.software.versions.length > 0)
    parts.push(`${labelOf(f.software.type)} = ${f.software.versions.join(', ')}`);
  if (f.pilotId) parts.push(`Pilot: ${pilots.find((p) => p.id === f.pilotId)?.displayName ?? f.pilotId}`);
  return parts.length ? `FILTER • (${parts.join(' | ')}) SELECTED` : 'FILTER';
}

/** Fridges in more than one pilot, for the warning in the Pilots header. */
export function fridgesInManyPilots(pilots: Pilot[]): string[] {
  const count = new Map<string, number>();
  for (const p of pilots) for (const f of new Set(p.fridgeIds)) count.set(f, (count.get(f) ?? 0) + 1);
  return [...count]
    .filter(([, n]) => n > 1)
    .map(([f]) => f)
    .sort();
}

/** The hue of a pilot id on its own: the same id, the same hue, on every load. */
function pilotHue(id: string): number {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % 360;
}

const hueColour = (hue: number) => `hsl(${hue} 65% 42%)`;

/** A stable colour per pilot id (same id, same colour, on every load). */
export function pilotColour(id: string): string {
  return hueColour(pilotHue(id));
}

/** Hues closer than this are hard to tell apart in an 18 px icon. */
const MIN_HUE_GAP = 24;

/**
 * A colour for each of the pilots shown, each its own (2-fleet §2.1): a pilot keeps its id's hue unless a pilot
 * before it (by id) took a near one; then it steps round the circle by the golden angle to the first clear hue.
 */
export function pilotColours(ids: string[]): Map<string, string> {
  const taken: number[] = [];
  const colours = new Map<string, string>();
  const gap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));
  for (const id of [...new Set(ids)].sort()) {
    let hue = pilotHue(id);
    // 15 steps of 137.5° visit the circle evenly; with more pilots than fit, the last hue tried is kept.
    for (let step = 0; step < 15 && taken.some((t) => gap(t, hue) < MIN_HUE_GAP); step += 1)
      hue = Math.round((hue + 137.508) % 360);
    taken.push(hue);
    colours.set(id, hueColour(hue));
  }
  return colours;
}

/** Typed ids, one per line: trimmed, blanks dropped, duplicates once. */
export function typedIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
}
