import { describe, expect, it } from 'vitest';
import { health } from './fixtures';
import { healthRows } from './health-rows';

const NOW = Date.parse('2026-05-10T12:00:00Z');

const byField = (rows: ReturnType<typeof healthRows>) => Object.fromEntries(rows.map((r) => [r.field, r]));

describe('healthRows', () => {
  it('is empty for a fridge that reported nothing', () => {
    expect(healthRows(null)).toEqual([]);
    expect(healthRows(health(), NOW)).toEqual([]);
  });

  it('colours every §4.3 attribute and shows the vending label', () => {
    const rows = byField(
      healthRows(
        health({
          jofemarState: 'STATUS_FF_DOOR_OPEN',
          temperature: 39.5,
          outOfOrder: false,
          outOfOrderTs: '2026-05-10T06:00:00Z',
          safetyHold: true,
          inaccessible: false,
          activeTicket: true,
          hdmi: true,
          elo: false,
          cardReader: true,
          electricalLayout: true,
          networkSpeed: { previousSpeed: 0.2 },
          timestamp: '2026-05-10T11:59:00Z',
        }),
        NOW,
      ),
    );
    expect(rows.jofemarState).toMatchObject({ value: 'DOOR_OPEN', colour: 'red' });
    expect(rows.temperature).toMatchObject({ value: '39.5 °F', colour: 'orange' });
    expect(rows.outOfOrder).toMatchObject({ value: 'No', colour: 'orange' });
    expect(rows.safetyHold).toMatchObject({ value: 'Yes', colour: 'red' });
    expect(rows.inaccessible.colour).toBe('green');
    expect(rows.activeTicket.colour).toBe('red');
    expect(rows.hdmi.colour).toBe('green');
    expect(rows.elo.colour).toBe('red');
    expect(rows.networkSpeed).toMatchObject({ value: '0.2 s', colour: 'green' });
    expect(rows.outOfOrderTs).toMatchObject({ value: '2026-05-10 01:00:00 CT', colour: null });
    expect(rows.timestamp.value).toBe('2026-05-10 06:59:00 CT');
  });

  it("shows a reporting fridge's missing network speed as a red None", () => {
    const rows = byField(
      healthRows(health({ jofemarState: 'STATUS_0_READY', networkSpeed: { previousSpeed: null } }), NOW),
    );
    expect(rows.jofemarState).toMatchObject({ value: 'READY', colour: 'green' });
    expect(rows.networkSpeed).toMatchObject({ value: 'None', colour: 'red' });
  });

  it('describes doors, the lite fridge, reasons and the layout', () => {
    const rows = byField(
      healthRows(
        health({
          recycleDoorState: { doorState: 'CLOSED', lockState: 'LOCKED' },
          sundryDoorState: { doorState: 'OPEN', lockState: null },
          liteFridgeState: {
            status: 'OK',
            topShellLatchState: 'LATCHED',
            bottomShellLatchState: null,
            shellLockState: 'LOCKED',
          },
          allReasons: ['HDMI', 'ELO'],
          connectedLayout: [
            { x: 1, y: 2 },
            { x: 3, y: 4 },
          ],
        }),
        NOW,
      ),
    );
    expect(rows.recycleDoorState.value).toBe('door CLOSED, lock LOCKED');
    expect(rows.sundryDoorState.value).toBe('door OPEN');
    expect(rows.liteFridgeState.value).toBe('status OK, top shell latch LATCHED, shell lock LOCKED');
    expect(rows.allReasons.value).toBe('HDMI, ELO');
    expect(rows.connectedLayout.value).toBe('(1,2) (3,4)');
  });
});
