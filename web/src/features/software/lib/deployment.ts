import rules from '@/generated/rules.json';
import { ApiError } from '@/lib/api';
import type { Pilot } from '../api/get-fridge-software-pilots';
import type { PilotInput } from '../api/put-fridge-software-pilot';
import { MESSAGES } from './messages';

export interface PilotFields {
  id: string;
  displayName: string;
  stage: string;
  startDate: string;
  endDate: string;
  description: string;
  /** The pilot these fields were loaded from, to edit it; null for a new pilot. */
  loaded: { id: string; version: number } | null;
}

export const EMPTY_PILOT = (today: string): PilotFields => ({
  id: '',
  displayName: '',
  stage: '',
  startDate: today,
  endDate: '',
  description: '',
  loaded: null,
});

/** The fields of an existing pilot, to edit it: saving sends back the version loaded. */
export function pilotFields(p: Pilot): PilotFields {
  return {
    id: p.id,
    displayName: p.displayName,
    stage: String(p.stage),
    startDate: p.startDate,
    endDate: p.endDate,
    description: p.description,
    loaded: { id: p.id, version: p.version },
  };
}

/**
 * The version to send: the loaded one while the id is still the loaded
 * pilot's, else none (a new pilot, which the server refuses if the id is taken).
 */
export function loadedVersion(p: PilotFields): number | null {
  return p.loaded && p.loaded.id === p.id.trim() ? p.loaded.version : null;
}

/** An existing pilot with this id that the fields were not loaded from: saving would be refused. */
export function takenBy(p: PilotFields, pilots: Pilot[]): Pilot | undefined {
  const id = p.id.trim();
  return loadedVersion(p) === null ? pilots.find((x) => x.id === id) : undefined;
}

const isDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

const pilotMessage = (template: string, label: string) => template.replace('{label}', label);

/** The pilot fields' problems (§5), worded by the server's rules; empty when complete. The server checks the same. */
export function pilotProblems(p: PilotFields): string[] {
  const m = rules.softwarePilot;
  const problems: string[] = [];
  if (!p.id.trim()) problems.push(pilotMessage(m.required, 'Pilot ID'));
  if (!p.displayName.trim()) problems.push(pilotMessage(m.required, 'Display Name'));
  if (!/^-?\d+$/.test(p.stage.trim())) problems.push(m.stageNotInteger);
  if (!isDate(p.startDate)) problems.push(pilotMessage(m.invalidDate, 'Start Date'));
  if (!isDate(p.endDate)) problems.push(pilotMessage(m.invalidDate, 'End Date'));
  if (isDate(p.startDate) && isDate(p.endDate) && p.endDate < p.startDate) problems.push(m.endBeforeStart);
  if (!p.description.trim()) problems.push(pilotMessage(m.required, 'Description'));
  return problems;
}

export interface DeployForm {
  fridges: string[];
  unknown: string[];
  software: string;
  version: string;
  asPilot: boolean;
  pilot: PilotFields;
}

/** DEPLOY is enabled by the rules of §5. */
export function canDeploy(f: DeployForm): boolean {
  if (f.fridges.length === 0 || f.unknown.length > 0) return false;
  const versionChosen = f.software !== '' && f.version !== '';
  const pilotComplete = f.asPilot && pilotProblems(f.pilot).length === 0;
  if (f.asPilot && !pilotComplete) return false;
  return versionChosen || pilotComplete;
}

export type TableResult = 'success' | 'failure' | 'n/a';

export interface DeploymentResult {
  version: TableResult;
  pilot: TableResult;
  failedFridges: string[];
  versionError: string | null;
  pilotError: string | null;
}

export interface DeployCalls {
  update: (artifactType: string, version: string, fridges: string[]) => Promise<{ pk: string }[]>;
  putPilot: (input: PilotInput) => Promise<boolean>;
}

const messageOf = (e: unknown, fallback: string | null) =>
  e instanceof ApiError && e.fromServer && e.message ? e.message : fallback;

/**
 * The deployment flow of §4.1: the software update first; a count that
 * differs from the request is a failure listing the fridges that failed, a
 * failed call is a failure with its error (and no list); only then the
 * pilot, saved active.
 */
export async function runDeployment(f: DeployForm, calls: DeployCalls): Promise<DeploymentResult> {
  const result: DeploymentResult = {
    version: 'n/a',
    pilot: 'n/a',
    failedFridges: [],
    versionError: null,
    pilotError: null,
  };
  if (f.software && f.version) {
    try {
      const updated = new Set((await calls.update(f.software, f.version, f.fridges)).map((d) => d.pk));
      result.failedFridges = f.fridges.filter((id) => !updated.has(id));
      result.version = result.failedFridges.length === 0 ? 'success' : 'failure';
    } catch (e) {
      // The call failed as a whole: its error is the answer (§8), not a list
      // of every fridge as if each had failed on its own (issue 22).
      result.version = 'failure';
      result.versionError = messageOf(e, MESSAGES.versionFailure);
    }
  }
  if (!f.asPilot) return result;
  if (result.version === 'failure') {
    result.pilot = 'failure';
    result.pilotError = 'Not saved, because the deployment did not complete.';
    return result;
  }
  const p = f.pilot;
  try {
    const saved = await calls.putPilot({
      id: p.id.trim(),
      fridgeIds: f.fridges,
      displayName: p.displayName.trim(),
      stage: Number(p.stage.trim()),
      startDate: p.startDate,
      endDate: p.endDate,
      description: p.description.trim(),
      active: true,
      version: loadedVersion(p),
    });
    result.pilot = saved ? 'success' : 'failure';
    if (!saved) result.pilotError = MESSAGES.pilotPutFailed;
  } catch (e) {
    result.pilot = 'failure';
    result.pilotError = messageOf(e, MESSAGES.pilotPutFailed);
  }
  return result;
}
