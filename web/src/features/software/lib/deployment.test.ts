import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import type { Pilot } from '../api/get-fridge-software-pilots';
import type { PilotInput } from '../api/put-fridge-software-pilot';
import {
  canDeploy,
  EMPTY_PILOT,
  pilotFields,
  pilotProblems,
  runDeployment,
  takenBy,
  type DeployForm,
} from './deployment';

const PILOT = {
  id: 'P9',
  displayName: 'Trial',
  stage: '2',
  startDate: '2026-11-22',
  endDate: '2026-12-22',
  description: 'why',
  loaded: null,
};
const STORED: Pilot = {
  id: 'P9',
  fridgeIds: ['A'],
  displayName: 'Trial',
  stage: 1,
  startDate: '2026-11-22',
  endDate: '2026-12-01',
  description: 'why',
  active: true,
  version: 4,
};
const form = (over: Partial<DeployForm> = {}): DeployForm => ({
  fridges: ['A', 'B'],
  unknown: [],
  software: 'FRIDGE_AGENT',
  version: '2.16.0',
  asPilot: false,
  pilot: EMPTY_PILOT('2026-11-22'),
  ...over,
});

describe('deployment rules (§5)', () => {
  it('needs fridges, no unknown id, and a version or a complete pilot', () => {
    expect(canDeploy(form())).toBe(true);
    expect(canDeploy(form({ fridges: [] }))).toBe(false);
    expect(canDeploy(form({ unknown: ['X'] }))).toBe(false);
    expect(canDeploy(form({ version: '' }))).toBe(false);
    expect(canDeploy(form({ software: '', version: '', asPilot: true, pilot: PILOT }))).toBe(true);
    expect(canDeploy(form({ asPilot: true, pilot: { ...PILOT, stage: '1.5' } }))).toBe(false);
    expect(canDeploy(form({ asPilot: true, pilot: PILOT }))).toBe(true);
  });

  it('names each incomplete pilot field', () => {
    expect(pilotProblems(EMPTY_PILOT('2026-11-22'))).toEqual([
      'Pilot ID is required.',
      'Display Name is required.',
      'Pilot Stage must be an integer.',
      'End Date must be a valid date (YYYY-MM-DD).',
      'Description is required.',
    ]);
    expect(pilotProblems({ ...PILOT, endDate: '2026-11-01' })).toEqual(['End Date cannot be before Start Date.']);
    expect(pilotProblems({ ...PILOT, startDate: '2026-02-30' })).toEqual([
      'Start Date must be a valid date (YYYY-MM-DD).',
    ]);
  });
});

describe('runDeployment (§4.1)', () => {
  it('lists the fridges the update did not answer and then skips the pilot', async () => {
    const putPilot = vi.fn(async () => true);
    const r = await runDeployment(form({ asPilot: true, pilot: PILOT }), {
      update: async () => [{ pk: 'A' }],
      putPilot,
    });
    expect(r).toMatchObject({ version: 'failure', failedFridges: ['B'], pilot: 'failure' });
    expect(putPilot).not.toHaveBeenCalled();
  });

  it('saves the pilot active after a full update', async () => {
    const putPilot = vi.fn(async () => true);
    const r = await runDeployment(form({ asPilot: true, pilot: PILOT }), {
      update: async () => [{ pk: 'A' }, { pk: 'B' }],
      putPilot,
    });
    expect(r).toMatchObject({ version: 'success', pilot: 'success', failedFridges: [] });
    expect(putPilot).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'P9', stage: 2, active: true, fridgeIds: ['A', 'B'] }),
    );
  });

  it("shows the backend's message, or the spec's when there is none", async () => {
    const update = async () => [{ pk: 'A' }, { pk: 'B' }];
    const refused = await runDeployment(form({ asPilot: true, pilot: PILOT }), {
      update,
      putPilot: async () => {
        throw new ApiError('End Date cannot be before Start Date.');
      },
    });
    expect(refused).toMatchObject({
      version: 'success',
      pilot: 'failure',
      pilotError: 'End Date cannot be before Start Date.',
    });
    const falsy = await runDeployment(form({ asPilot: true, pilot: PILOT }), { update, putPilot: async () => false });
    expect(falsy.pilotError).toBe('The PutItem operation failed in the lambda function.');
    const versionOnly = await runDeployment(form(), {
      update: async () => {
        throw new ApiError('Version 9 is not an available version of FRIDGE_AGENT.');
      },
      putPilot: async () => true,
    });
    // A failed call is its error, not every fridge listed as failed (issue 22, §2.1).
    expect(versionOnly).toMatchObject({ version: 'failure', pilot: 'n/a', failedFridges: [] });
    expect(versionOnly.versionError).toBe('Version 9 is not an available version of FRIDGE_AGENT.');
  });
});

describe('editing a pilot sends the version loaded (issue 20)', () => {
  const update = async () => [{ pk: 'A' }, { pk: 'B' }];
  const saved = async (pilot: DeployForm['pilot']) => {
    const putPilot = vi.fn(async (_input: PilotInput) => true);
    await runDeployment(form({ asPilot: true, pilot }), { update, putPilot });
    return putPilot.mock.calls[0]?.[0];
  };

  it('sends no version for a new pilot', async () => {
    expect(await saved(PILOT)).toMatchObject({ id: 'P9', version: null });
  });

  it('sends back the version of the pilot it loaded, with the edits', async () => {
    const loaded = pilotFields(STORED);
    expect(loaded).toMatchObject({ id: 'P9', stage: '1', endDate: '2026-12-01', loaded: { id: 'P9', version: 4 } });
    expect(await saved({ ...loaded, endDate: '2026-12-31' })).toMatchObject({
      id: 'P9',
      version: 4,
      endDate: '2026-12-31',
      stage: 1,
    });
  });

  it('sends no version once the id is changed away from the pilot loaded', async () => {
    expect(await saved({ ...pilotFields(STORED), id: 'P10' })).toMatchObject({ id: 'P10', version: null });
  });

  it('names the existing pilot an unloaded id would replace', () => {
    expect(takenBy(PILOT, [STORED])).toBe(STORED);
    expect(takenBy({ ...PILOT, id: ' P9 ' }, [STORED])).toBe(STORED);
    expect(takenBy(pilotFields(STORED), [STORED])).toBeUndefined();
    expect(takenBy({ ...PILOT, id: 'P10' }, [STORED])).toBeUndefined();
  });
});
