import { describe, expect, it } from 'vitest';
import { formatFridgeTime, fridgeZone, normaliseLocalDateTime, toFridgeInput, wallTime } from './fridge-time';

describe('fridge time', () => {
  it("takes the server's zone, else the one of the timeZone code (Central by default)", () => {
    expect(fridgeZone({ timeZone: 'NEWYORK', timeZoneLabel: 'ET', timeZoneIana: 'America/New_York' })).toEqual({
      label: 'ET',
      iana: 'America/New_York',
    });
    expect(fridgeZone({ timeZone: 'DENVER' })).toEqual({ label: 'MT', iana: 'America/Denver' });
    expect(fridgeZone({ timeZone: 'INDIANAPOLIS' })).toEqual({ label: 'ET', iana: 'America/Indiana/Indianapolis' });
    expect(fridgeZone({})).toEqual({ label: 'CT', iana: 'America/Chicago' });
    expect(fridgeZone(null)).toEqual({ label: 'CT', iana: 'America/Chicago' });
  });

  it("formats an instant as the fridge's wall time, whatever the browser's zone", () => {
    expect(wallTime('2026-11-26T00:00:00Z', 'America/Chicago')).toBe('2026-11-25 18:00');
    expect(wallTime('2026-07-01T13:30:00Z', 'America/New_York')).toBe('2026-07-01 09:30');
    expect(wallTime('2026-07-01T04:05:00Z', 'America/Los_Angeles')).toBe('2026-06-30 21:05');
    expect(formatFridgeTime('2026-11-26T00:00:00Z', { label: 'CT', iana: 'America/Chicago' })).toBe(
      '2026-11-25 18:00 CT',
    );
    expect(toFridgeInput(Date.parse('2026-11-26T00:00:00Z'), { label: 'CT', iana: 'America/Chicago' })).toBe(
      '2026-11-25T18:00',
    );
  });

  it('leaves what it cannot read', () => {
    expect(wallTime('not a time', 'America/Chicago')).toBeNull();
    expect(wallTime('2026-07-01T13:30:00Z', 'Not/AZone')).toBeNull();
    expect(formatFridgeTime('garbage', { label: 'CT', iana: 'America/Chicago' })).toBe('garbage');
  });

  it('reads datetime-local text as the localDateTime the server takes', () => {
    expect(normaliseLocalDateTime('2026-11-25T18:00')).toBe('2026-11-25T18:00');
    expect(normaliseLocalDateTime('2026-11-25T18:00:30')).toBe('2026-11-25T18:00');
    expect(normaliseLocalDateTime('')).toBeNull();
    expect(normaliseLocalDateTime('tomorrow')).toBeNull();
  });
});
