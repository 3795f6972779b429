import { describe, expect, it } from 'vitest';
import { permissionChangeRows } from './lib';

const record = (at: string, attribute: string, granted: boolean) => ({
  at,
  who: 'admin@example.com',
  source: granted ? 'POST /users/permissions' : 'POST /users/permissions/remove',
  changes: [{ attribute, oldValue: String(!granted), newValue: String(granted), reason: null }],
});

describe('permissionChangeRows (issue 20)', () => {
  it('names the user by e-mail when known, else by sub, and reads Granted/Removed from newValue', () => {
    const rows = permissionChangeRows(
      [
        record('2026-11-22T16:06:00.000Z', 'sub-a GetAllLocation', false),
        record('2026-11-22T16:05:00.000Z', 'sub-gone AddScheduledEvent', true),
      ],
      [
        { user: 'sub-a', email: 'a@example.com' },
        { user: 'sub-gone', email: '' },
      ],
    );
    expect(rows.map(({ key: _key, ...r }) => r)).toEqual([
      {
        at: '2026-11-22T16:06:00.000Z',
        who: 'admin@example.com',
        user: 'a@example.com',
        action: 'GetAllLocation',
        change: 'Removed',
      },
      {
        at: '2026-11-22T16:05:00.000Z',
        who: 'admin@example.com',
        user: 'sub-gone',
        action: 'AddScheduledEvent',
        change: 'Granted',
      },
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
  });

  it('splits at the last space, so a forged sub with a space still shows whole', () => {
    const [row] = permissionChangeRows([record('2026-11-22T16:05:00.000Z', 'odd sub GetAllLocation', true)], []);
    expect(row).toMatchObject({ user: 'odd sub', action: 'GetAllLocation', change: 'Granted' });
    expect(permissionChangeRows([], [])).toEqual([]);
  });
});
