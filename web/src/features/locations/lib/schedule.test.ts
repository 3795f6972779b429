import { describe, expect, it } from 'vitest';
import { DETAIL_FIELDS } from './detail-fields';
import type { FridgeZone } from '@/lib/fridge-time';
import { completeNowInputs, scheduledInput, scheduledWhen, scheduleInputs, scheduleItemsFor } from './schedule';
import type { ScheduledChange } from './types';

const def = (k: string) => DETAIL_FIELDS.find((f) => f.key === k)!;
const CT: FridgeZone = { label: 'CT', iana: 'America/Chicago' };
const ET: FridgeZone = { label: 'ET', iana: 'America/New_York' };
let n = 0;
function sc(
  attribute: string,
  value: unknown,
  actionTime = '2030-01-01T10:00:00.000Z',
  extra: Partial<ScheduledChange> = {},
): ScheduledChange {
  n += 1;
  return {
    uuid: `u${n}`,
    actionTime,
    id: 'LOC_1',
    status: 'PENDING',
    change: { id: 'LOC_1', table: 'locations', attribute, rawValue: JSON.stringify(value), value },
    ...extra,
  };
}

describe('scheduled changes', () => {
  it('lists a simple field', () => {
    const items = scheduleItemsFor(def('percentage'), [sc('percentage', 42), sc('taxRate', 1)], CT);
    expect(items).toHaveLength(1);
    expect(items[0].display).toBe('42');
  });

  it('pairs an allocation with its reason', () => {
    const t = '2030-02-01T10:00:00.000Z';
    const items = scheduleItemsFor(
      def('prod'),
      [sc('prod', 1, t), sc('updateReason', { prod: 'First Stocking' }, t)],
      CT,
    );
    expect(items).toHaveLength(1);
    expect(items[0].display).toBe('Yes (First Stocking)');
    expect(items[0].partners).toHaveLength(1);
  });

  it('groups the address parts', () => {
    const t = '2030-03-01T10:00:00.000Z';
    const items = scheduleItemsFor(def('address'), [sc('street', '2 Elm', t), sc('city', 'Joliet', t)], CT);
    expect(items).toHaveLength(1);
    expect(items[0].display).toBe('street: 2 Elm, city: Joliet');
    expect(items[0].partners).toHaveLength(1);
  });

  it('builds create entries as JSON text', () => {
    const values = { prod: 1, updateReason: { prod: 'Holiday Break' } };
    expect(scheduleInputs('L1', values, { localDateTime: '2030-01-02T18:00' })).toEqual([
      { location: 'L1', attribute: 'prod', value: '1', localDateTime: '2030-01-02T18:00' },
      {
        location: 'L1',
        attribute: 'updateReason',
        value: '{"prod":"Holiday Break"}',
        localDateTime: '2030-01-02T18:00',
      },
    ]);
  });

  it('re-creates the whole item 5 seconds from now', () => {
    const t = '2030-02-01T10:00:00.000Z';
    const [item] = scheduleItemsFor(
      def('prod'),
      [sc('prod', 1, t), sc('updateReason', { prod: 'Other reason' }, t)],
      CT,
    );
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    const inputs = completeNowInputs(item, now);
    expect(inputs).toEqual([
      { location: 'LOC_1', attribute: 'prod', value: '1', dateTime: '2026-01-01T00:00:05.000Z' },
      {
        location: 'LOC_1',
        attribute: 'updateReason',
        value: '{"prod":"Other reason"}',
        dateTime: '2026-01-01T00:00:05.000Z',
      },
    ]);
  });

  it("shows the server's fridge time with the zone label", () => {
    const c = sc('percentage', 42, '2026-11-26T00:00:00Z', {
      localActionTime: '2026-11-25 18:00',
      timeZoneLabel: 'CT',
    });
    expect(scheduledWhen(c, ET)).toBe('2026-11-25 18:00 CT');
    const [item] = scheduleItemsFor(def('percentage'), [c], CT);
    expect(item.when).toBe('2026-11-25 18:00 CT');
    expect(scheduledInput(c, CT)).toBe('2026-11-25T18:00');
  });

  it("falls back to the instant in the fridge's zone (not the browser's) without localActionTime", () => {
    const c = sc('percentage', 42, '2026-07-01T13:30:00Z');
    expect(scheduledWhen(c, ET)).toBe('2026-07-01 09:30 ET');
    expect(scheduledWhen(c, CT)).toBe('2026-07-01 08:30 CT');
    expect(scheduledInput(c, ET)).toBe('2026-07-01T09:30');
  });

  it('carries the deadline warning of either half of an allocation', () => {
    const t = '2030-02-01T10:00:00.000Z';
    const warning = 'Lands after the 6 pm CT allocation deadline';
    const [item] = scheduleItemsFor(
      def('prod'),
      [sc('prod', 1, t, { deadlineWarning: warning }), sc('updateReason', { prod: 'First Stocking' }, t)],
      CT,
    );
    expect(item.deadlineWarning).toBe(warning);
    expect(scheduleItemsFor(def('percentage'), [sc('percentage', 1)], CT)[0].deadlineWarning).toBeNull();
  });

  it('keeps failed changes apart from pending ones at the same time', () => {
    const t = '2030-03-01T10:00:00.000Z';
    const failed = { status: 'FAILED' as const, failureReason: 'a@x.co no longer holds the permission', failedAt: t };
    const items = scheduleItemsFor(
      def('prod'),
      [
        sc('prod', 1, t, failed),
        sc('updateReason', { prod: 'Holiday Break' }, t, failed),
        sc('prod', 0, t),
        sc('updateReason', { prod: 'Other' }, t),
      ],
      CT,
    );
    expect(items).toHaveLength(2);
    const bad = items.find((i) => i.status === 'FAILED')!;
    expect(bad.failureReason).toBe('a@x.co no longer holds the permission');
    expect(bad.display).toBe('Yes (Holiday Break)');
    expect(bad.partners.map((p) => p.status)).toEqual(['FAILED']);
    const ok = items.find((i) => i.status === 'PENDING')!;
    expect(ok.display).toBe('No (Other)');
    expect(ok.failureReason).toBeNull();

    const address = scheduleItemsFor(
      def('address'),
      [sc('street', '2 Elm', t, failed), sc('city', 'Joliet', t, failed), sc('street', '3 Oak', t)],
      CT,
    );
    expect(address.map((i) => [i.status, i.display])).toEqual([
      ['FAILED', 'street: 2 Elm, city: Joliet'],
      ['PENDING', 'street: 3 Oak'],
    ]);
  });
});

describe('scheduled values as a person reads them (issue 22)', () => {
  it('shows no JSON braces, quotes or raw flags', () => {
    const [hours] = scheduleItemsFor(def('hours'), [sc('hours', '1')], CT);
    expect(hours.display).toBe('24 Hours');
    const [percent] = scheduleItemsFor(def('percentage'), [sc('percentage', null)], CT);
    expect(percent.display).toBe('None');
    const [route] = scheduleItemsFor(def('route'), [sc('route', { a: 'x', b: [1, 2] })], CT);
    expect(route.display).toBe('a: x, b: (1, 2)');
    const at = '2030-02-01T10:00:00.000Z';
    const [address] = scheduleItemsFor(def('address'), [sc('street', '1 Main St', at), sc('zipCode', 60601, at)], CT);
    expect(address.display).toBe('street: 1 Main St, zipCode: 60601');
    const [stocking] = scheduleItemsFor(
      def('stockingSchedule'),
      [sc('stockingSchedule', { Monday: 1, Friday: 1 })],
      CT,
    );
    expect(stocking.display).toBe('Mon, Fri');
    for (const item of [hours, percent, route, address, stocking]) expect(item.display).not.toMatch(/[{}"]/);
  });
});
