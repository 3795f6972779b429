import { describe, expect, it } from 'vitest';
import { RULE_OPTIONS } from '@/lib/rules';
import {
  ACCESS_TO,
  CREATE_TIME_ZONES,
  DEFAULT_FRIDGE_SCHEMA,
  DEFAULT_LAYOUT,
  DEFAULT_PRICE_MAP_TEMPLATE,
  DETAIL_TIME_ZONES,
  LIST_STATUSES,
  LIVE_OFFLINE,
  SERIAL_PORTS,
  STATES,
  VERTICALS,
} from './constants';

describe('the option lists are the server rules', () => {
  it('offers what the server accepts', () => {
    expect(STATES).toEqual(RULE_OPTIONS.states);
    expect(STATES).toHaveLength(49); // 48 contiguous states and DC (§3.1)
    expect(STATES).toContain('DC');
    expect(VERTICALS).toContain('Residential Property');
    expect(ACCESS_TO).toEqual(['Private', 'Public']);
    expect(SERIAL_PORTS).toEqual(['ttyS0', 'ttyS1', 'ttyUSB0']);
    expect(LIVE_OFFLINE).toEqual(['LIVE', 'OFFLINE']);
  });

  it('names the time zones, and only the detail screen offers INDIANAPOLIS (§3.1)', () => {
    expect(CREATE_TIME_ZONES).toEqual([
      { value: 'CHICAGO', label: 'Central' },
      { value: 'NEWYORK', label: 'Eastern' },
      { value: 'DENVER', label: 'Mountain' },
      { value: 'LOSANGELES', label: 'Pacific' },
    ]);
    expect(DETAIL_TIME_ZONES.map((o) => o.value)).toEqual(RULE_OPTIONS.timeZones);
    expect(DETAIL_TIME_ZONES.at(-1)).toEqual({ value: 'INDIANAPOLIS', label: 'Indianapolis' });
  });

  it("orders the list filter's statuses as the spec does and defaults each name list (§2.6, §3.1)", () => {
    expect(LIST_STATUSES).toEqual(['LIVE', 'DEAD', 'OFFLINE']);
    expect(DEFAULT_LAYOUT).toEqual({ value: 'dummy', label: 'Default' });
    expect(DEFAULT_FRIDGE_SCHEMA).toBe('MW_STANDARD/latest');
    expect(DEFAULT_PRICE_MAP_TEMPLATE).toBe('PMT_STANDARD');
  });
});
