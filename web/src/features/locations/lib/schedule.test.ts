import { describe, expect, it } from 'vitest';
import { DETAIL_FIELDS } from './detail-fields';
import {
  completeNowInputs,
  isoToLocal,
  localToIso,
  parseJsonValue,
  scheduleInputs,
  scheduleItemsFor,
} from './schedule';
import type { ScheduledChange } from './types';

const def = (k: string) => DETAIL_FIELDS.find((f) => f.key === k)!;
let n = 0;
function sc(attribute: string, value: unknown, actionTime = '2030-01-01T10:00:00.000Z'): ScheduledChange {
  n += 1;
  return {
    uuid: `u${n}`,
    actionTime,
    id: 'LOC_1',
    change: { id: 'LOC_1', table: 'locations', attribute, rawValue: JSON.stringify(value), value },
  };
}

describe('scheduled changes', () => {
  it('parses AWSJSON values', () => {
    expect(parseJsonValue('42')).toBe(42);
    expect(parseJsonValue('{"prod":"x"}')).toEqual({ prod: 'x' });
    expect(parseJsonValue('not json')).toBe('not json');
  });

  it('lists a simple field', () => {
    const items = scheduleItemsFor(def('percentage'), [sc('percentage', 42), sc('taxRate', 1)]);
    expect(items).toHaveLength(1);
    expect(items[0].display).toBe('42');
  });

  it('pairs an allocation with its reason', () => {
    const t = '2030-02-01T10:00:00.000Z';
    const items = scheduleItemsFor(def('prod'), [sc('prod', 1, t), sc('updateReason', { prod: 'First Stocking' }, t)]);
    expect(items).toHaveLength(1);
    expect(items[0].display).toBe('Yes (First Stocking)');
    expect(items[0].partners).toHaveLength(1);
  });

  it('groups the address parts', () => {
    const t = '2030-03-01T10:00:00.000Z';
    const items = scheduleItemsFor(def('address'), [sc('street', '2 Elm', t), sc('city', 'Joliet', t)]);
    expect(items).toHaveLength(1);
    expect(items[0].display).toBe('street: 2 Elm, city: Joliet');
    expect(items[0].partners).toHaveLength(1);
  });

  it('builds create entries as JSON text', () => {
    expect(scheduleInputs('L1', { prod: 1, updateReason: { prod: 'Holiday Break' } }, 'T')).toEqual([
      { location: 'L1', attribute: 'prod', value: '1', dateTime: 'T' },
      { location: 'L1', attribute: 'updateReason', value: '{"prod":"Holiday Break"}', dateTime: 'T' },
    ]);
  });

  it('re-creates the whole item 5 seconds from now', () => {
    const t = '2030-02-01T10:00:00.000Z';
    const [item] = scheduleItemsFor(def('prod'), [sc('prod', 1, t), sc('updateReason', { prod: 'Other reason' }, t)]);
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    const inputs = completeNowInputs(item, now);
    expect(inputs).toEqual([
      { location: 'LOC_1', attribute: 'prod', value: '1', dateTime: '2026-01-01T00:00:05.000Z' },
      { location: 'LOC_1', attribute: 'updateReason', value: '{"prod":"Other reason"}', dateTime: '2026-01-01T00:00:05.000Z' },
    ]);
  });

  it('converts datetime-local values', () => {
    const iso = localToIso('2030-05-06T07:08');
    expect(iso).not.toBeNull();
    expect(isoToLocal(iso!)).toBe('2030-05-06T07:08');
    expect(localToIso('')).toBeNull();
  });
});
