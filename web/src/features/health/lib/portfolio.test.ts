import { describe, expect, it } from 'vitest';
import { health } from './fixtures';
import {
  ALL,
  applyPortfolioFilter,
  DEFAULT_FILTER,
  jofemarOptionLabel,
  optionsOf,
  portfolioChartData,
  portfolioCsv,
  portfolioFilterOf,
  portfolioFilterText,
} from './portfolio';

const connected = { hdmi: true, elo: true, cardReader: true, electricalLayout: true };
const fleet = [
  health({
    locationId: 'C',
    ...connected,
    outOfOrder: true,
    jofemarState: 'STATUS_0_READY',
    timezone: 'America/Chicago',
  }),
  health({
    locationId: 'A',
    ...connected,
    outOfOrder: false,
    safetyHold: true,
    jofemarState: 'STATUS_5_MOTOR_FAULT',
    timezone: 'America/New_York',
  }),
  health({
    locationId: 'B',
    ...connected,
    hdmi: false,
    inaccessible: true,
    jofemarState: 'STATUS_0_READY',
    timezone: 'America/Chicago',
  }),
  health({ locationId: 'D', ...connected, elo: null }),
];
const ids = (f: typeof DEFAULT_FILTER) => applyPortfolioFilter(fleet, f).map((h) => h.locationId);

describe('applyPortfolioFilter', () => {
  it('by default keeps the fully connected fridges, sorted by id', () => {
    expect(ids(DEFAULT_FILTER)).toEqual(['A', 'C']);
  });
  it('a connection toggle turned off stops filtering on it (unreported ones come back)', () => {
    expect(ids({ ...DEFAULT_FILTER, hdmi: false })).toEqual(['A', 'B', 'C']);
    expect(ids({ ...DEFAULT_FILTER, elo: false })).toEqual(['A', 'C', 'D']);
  });
  it('a problem toggle turned on keeps only the affected fridges', () => {
    expect(ids({ ...DEFAULT_FILTER, outOfOrder: true })).toEqual(['C']);
    expect(ids({ ...DEFAULT_FILTER, safetyHold: true })).toEqual(['A']);
    expect(ids({ ...DEFAULT_FILTER, hdmi: false, inaccessible: true })).toEqual(['B']);
    expect(ids({ ...DEFAULT_FILTER, outOfOrder: true, safetyHold: true })).toEqual([]);
  });
  it('the selects keep exact matches; All keeps everything', () => {
    expect(ids({ ...DEFAULT_FILTER, hdmi: false, jofemarState: 'STATUS_0_READY' })).toEqual(['B', 'C']);
    expect(ids({ ...DEFAULT_FILTER, timezone: 'America/New_York' })).toEqual(['A']);
    expect(ids({ ...DEFAULT_FILTER, timezone: ALL, jofemarState: ALL })).toEqual(['A', 'C']);
  });
});

describe('the filter in the address', () => {
  it('reads back what it wrote, for the default and for every toggle flipped', () => {
    expect(portfolioFilterOf(portfolioFilterText(DEFAULT_FILTER))).toEqual(DEFAULT_FILTER);
    const flipped = {
      ...DEFAULT_FILTER,
      hdmi: false,
      outOfOrder: true,
      jofemarState: 'ERROR',
      timezone: 'America/Chicago',
    };
    expect(portfolioFilterText(flipped)).toMatchObject({ hdmi: 'off', outOfOrder: 'on', elo: 'on', safetyHold: 'off' });
    expect(portfolioFilterOf(portfolioFilterText(flipped))).toEqual(flipped);
  });

  it("takes a toggle's default for a word it does not know (a hand-edited address)", () => {
    const text = { ...portfolioFilterText(DEFAULT_FILTER), hdmi: 'yes', outOfOrder: 'maybe' };
    expect(portfolioFilterOf(text)).toMatchObject({ hdmi: true, outOfOrder: false });
  });
});

describe('select options', () => {
  it('are the distinct values of the data, sorted', () => {
    expect(optionsOf(fleet, 'jofemarState')).toEqual(['STATUS_0_READY', 'STATUS_5_MOTOR_FAULT']);
    expect(optionsOf(fleet, 'timezone')).toEqual(['America/Chicago', 'America/New_York']);
  });
  it('name a Jofemar state by its label', () => {
    expect(jofemarOptionLabel('STATUS_0_READY')).toBe('READY (STATUS_0_READY)');
    expect(jofemarOptionLabel('ODD')).toBe('ODD');
  });
});

describe('portfolioChartData', () => {
  it('counts affected and not affected per state', () => {
    expect(portfolioChartData(fleet)).toEqual([
      { state: 'Inaccessible', affected: 1, notAffected: 3 },
      { state: 'Out of Order', affected: 1, notAffected: 3 },
      { state: 'Safety Hold', affected: 1, notAffected: 3 },
    ]);
    expect(portfolioChartData([])[0]).toEqual({ state: 'Inaccessible', affected: 0, notAffected: 0 });
  });
});

describe('portfolioCsv', () => {
  it('has a header and a line per fridge with the vending label', () => {
    const lines = portfolioCsv(applyPortfolioFilter(fleet, DEFAULT_FILTER)).trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0].startsWith('locationId,jofemarState,vendingState,timezone,outOfOrder')).toBe(true);
    expect(lines[1].startsWith('A,STATUS_5_MOTOR_FAULT,MOTOR_FAULT,America/New_York,false,,true')).toBe(true);
  });
});
