import { beforeEach, describe, expect, it } from 'vitest';
import { clearCachedAnswers, prefKey, readPref, writePref } from './browser-storage';

describe('browser storage', () => {
  beforeEach(() => localStorage.clear());

  it('clears every cached answer at sign-out and keeps per-user preferences and foreign keys', () => {
    localStorage.setItem('fleet-console.locations.v1', '{"locations":[]}');
    localStorage.setItem('fleet-console.opsLocations', '[]');
    writePref('user-a', 'dashboardFilters', { region: 'CHI' });
    localStorage.setItem('CognitoIdentityServiceProvider.x.LastAuthUser', 'a');
    clearCachedAnswers();
    expect(localStorage.getItem('fleet-console.locations.v1')).toBeNull();
    expect(localStorage.getItem('fleet-console.opsLocations')).toBeNull();
    expect(readPref('user-a', 'dashboardFilters', null)).toEqual({ region: 'CHI' });
    expect(localStorage.getItem('CognitoIdentityServiceProvider.x.LastAuthUser')).toBe('a');
  });

  it('keeps preferences per user', () => {
    writePref('user-a', 'dashboardFilters', ['A']);
    writePref('user-b', 'dashboardFilters', ['B']);
    expect(readPref('user-a', 'dashboardFilters', [])).toEqual(['A']);
    expect(readPref('user-b', 'dashboardFilters', [])).toEqual(['B']);
    expect(readPref('user-c', 'dashboardFilters', ['default'])).toEqual(['default']);
    expect(readPref('', 'dashboardFilters', 'none')).toBe('none');
  });

  it('answers the fallback for an unreadable preference', () => {
    localStorage.setItem(prefKey('user-a', 'broken'), '{not json');
    expect(readPref('user-a', 'broken', 7)).toBe(7);
  });
});
