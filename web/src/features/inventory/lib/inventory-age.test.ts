import { describe, expect, it } from 'vitest';
import { inventoryAgeText, minutesSince } from './inventory-age';

const T = '2026-11-23T02:10:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('the inventory age', () => {
  it('counts whole minutes since the timestamp', () => {
    expect(minutesSince(T, at('2026-11-23T02:10:00.000Z'))).toBe(0);
    expect(minutesSince(T, at('2026-11-23T02:10:59.999Z'))).toBe(0);
    expect(minutesSince(T, at('2026-11-23T02:11:00.000Z'))).toBe(1);
    expect(minutesSince(T, at('2026-11-23T04:09:30.000Z'))).toBe(119);
    expect(minutesSince(T, at('2026-11-24T02:10:00.000Z'))).toBe(1440);
  });

  it('never goes negative (a clock slightly behind the fridge) and is null without a valid timestamp', () => {
    expect(minutesSince(T, at('2026-11-23T02:09:00.000Z'))).toBe(0);
    expect(minutesSince(null, Date.now())).toBeNull();
    expect(minutesSince(undefined, Date.now())).toBeNull();
    expect(minutesSince('', Date.now())).toBeNull();
    expect(minutesSince('not a date', Date.now())).toBeNull();
  });

  it("reads 'Inventory as of N minutes ago', and follows the clock", () => {
    expect(inventoryAgeText(T, at('2026-11-23T02:10:20.000Z'))).toBe('Inventory as of 0 minutes ago');
    expect(inventoryAgeText(T, at('2026-11-23T02:11:20.000Z'))).toBe('Inventory as of 1 minute ago');
    expect(inventoryAgeText(T, at('2026-11-23T02:17:00.000Z'))).toBe('Inventory as of 7 minutes ago');
    expect(inventoryAgeText(null, Date.now())).toBeNull();
  });
});
