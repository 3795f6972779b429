import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetOpsLocations,
  KEPT_OPS_LOCATIONS_KEY,
  keepOpsLocations,
  readKeptOpsLocations,
} from './kept-ops-locations';
import { clearCachedAnswers } from '@/lib/browser-storage';

beforeEach(() => localStorage.clear());

describe('the kept ops locations (per business day)', () => {
  it('serves the day it was kept for, and no other', () => {
    keepOpsLocations('2026-11-29', [{ id: 'CHI_0001', type: 'FRIDGE' }], 1_000);
    expect(readKeptOpsLocations('2026-11-29')).toEqual({
      locations: [{ id: 'CHI_0001', type: 'FRIDGE' }],
      keptAt: 1_000,
    });
    expect(readKeptOpsLocations('2026-11-30')).toBeNull();
  });

  it('reads nothing from an unreadable copy, and is cleared with the other cached answers at sign-in and sign-out', () => {
    localStorage.setItem(KEPT_OPS_LOCATIONS_KEY, '{not json');
    expect(readKeptOpsLocations('2026-11-29')).toBeNull();
    keepOpsLocations('2026-11-29', []);
    clearCachedAnswers();
    expect(readKeptOpsLocations('2026-11-29')).toBeNull();
  });

  it('is forgotten when this console writes a location', () => {
    keepOpsLocations('2026-11-29', [{ id: 'CHI_0001' }]);
    forgetOpsLocations();
    expect(readKeptOpsLocations('2026-11-29')).toBeNull();
  });
});
