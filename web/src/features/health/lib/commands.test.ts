import { describe, expect, it } from 'vitest';
import {
  COMMAND_STATE_LABELS,
  COMMAND_WINDOW_MS,
  commandHighlight,
  commandPayload,
  commandStateAt,
  commandStateText,
  commandStateTone,
  describeMessage,
  effectiveToggle,
  queueCounts,
  queueStateLabel,
  toggleField,
  toggleOperation,
  visibleCommands,
  type QueueMessage,
} from './commands';
import { HEALTH_RULES } from './health-rules';

const command = (key: string) => HEALTH_RULES.commands.find((c) => c.key === key)!;

const message = (patch: Partial<QueueMessage>): QueueMessage => ({
  id: 'CHI_0001#commands',
  timestamp: '2026-05-10T12:00:00Z',
  messageId: 'm1',
  messageType: 'Resource',
  operation: 'ENABLE',
  resource: 'OutOfOrder',
  sentBy: 'admin@example.com',
  state: 'SENT',
  doneAt: null,
  ...patch,
});

describe('visibleCommands', () => {
  it('shows every command to a feature-flag admin', () => {
    expect(visibleCommands(['feature-flag-admin']).map((c) => c.key)).toEqual([
      'DisplayServices',
      'ReactUI',
      'Jofemar',
      'OutOfOrder',
      'FoodSafetyHold',
      'ComputerSwap',
    ]);
  });
  it("shows only the commands of the user's own flags", () => {
    expect(visibleCommands(['fridge-command-out-of-order', 'jit-management']).map((c) => c.key)).toEqual([
      'OutOfOrder',
    ]);
    expect(visibleCommands([])).toEqual([]);
  });
});

describe('payloads', () => {
  it('resets send their fixed operation (none for the Jofemar)', () => {
    expect(commandPayload(command('DisplayServices'))).toEqual({
      resource: 'ServiceRestart',
      operation: 'DisplayServices',
    });
    expect(commandPayload(command('ReactUI'))).toEqual({ resource: 'ServiceRestart', operation: 'ReactUI' });
    expect(commandPayload(command('Jofemar'))).toEqual({ resource: 'VendingUnitReset', operation: null });
  });
  it('toggles send ENABLE or DISABLE', () => {
    expect(commandPayload(command('OutOfOrder'), 'ENABLE')).toEqual({ resource: 'OutOfOrder', operation: 'ENABLE' });
    expect(commandPayload(command('FoodSafetyHold'), 'DISABLE')).toEqual({
      resource: 'SafetyHold',
      operation: 'DISABLE',
    });
    expect(() => commandPayload(command('OutOfOrder'))).toThrow();
    expect(() => commandPayload(command('ComputerSwap'))).toThrow();
  });
  it('toggles say ENABLE when off and DISABLE when on', () => {
    expect(toggleOperation(false)).toBe('ENABLE');
    expect(toggleOperation(true)).toBe('DISABLE');
    expect(toggleField(command('OutOfOrder'))).toBe('outOfOrder');
    expect(toggleField(command('FoodSafetyHold'))).toBe('safetyHold');
  });
});

describe('effectiveToggle', () => {
  const sentAt = Date.parse('2026-05-10T12:00:00Z');
  const pending = { value: true, sentAt, messageId: 'm1' };
  const ctx = (patch: Partial<Parameters<typeof effectiveToggle>[2]> = {}) => ({
    messages: [message({})],
    healthTimestamp: '2026-05-10T11:59:00Z',
    now: sentAt + 2000,
    ...patch,
  });

  it('shows the reported state without a command', () => {
    expect(effectiveToggle(true, undefined, ctx())).toEqual({ on: true, pending: false });
    expect(effectiveToggle(null, undefined, ctx())).toEqual({ on: false, pending: false });
  });
  it('flips at once after a command, until the fridge reports', () => {
    expect(effectiveToggle(false, pending, ctx())).toEqual({ on: true, pending: true });
    expect(effectiveToggle(true, pending, ctx())).toEqual({ on: true, pending: false });
  });
  it('goes back to the reported state when the command failed or expired unsent', () => {
    expect(effectiveToggle(false, pending, ctx({ messages: [message({ state: 'FAILED' })] }))).toEqual({
      on: false,
      pending: false,
    });
    expect(effectiveToggle(false, pending, ctx({ messages: [message({ state: 'EXPIRED' })] }))).toEqual({
      on: false,
      pending: false,
    });
  });
  it('keeps the flip while the command waits to be sent', () => {
    expect(effectiveToggle(false, pending, ctx({ messages: [message({ state: 'PENDING' })] }))).toEqual({
      on: true,
      pending: true,
    });
  });
  it('trusts a report made after the command was done', () => {
    const done = message({ state: 'DONE', doneAt: '2026-05-10T12:00:05Z' });
    expect(effectiveToggle(false, pending, ctx({ messages: [done], healthTimestamp: '2026-05-10T12:00:01Z' }))).toEqual(
      { on: true, pending: true },
    );
    expect(effectiveToggle(false, pending, ctx({ messages: [done], healthTimestamp: '2026-05-10T12:00:06Z' }))).toEqual(
      { on: false, pending: false },
    );
  });
  it('gives up after 5 minutes', () => {
    expect(effectiveToggle(false, pending, ctx({ now: sentAt + COMMAND_WINDOW_MS + 1 }))).toEqual({
      on: false,
      pending: false,
    });
  });
});

describe('queue messages', () => {
  it('are counted by state (PENDING and SENT are pending; EXPIRED apart)', () => {
    const list = [
      message({}),
      message({ state: 'PENDING' }),
      message({ state: 'DONE' }),
      message({ state: 'DONE' }),
      message({ state: 'FAILED' }),
      message({ state: 'EXPIRED' }),
    ];
    expect(queueCounts(list)).toEqual({ total: 6, pending: 2, done: 2, failed: 1, expired: 1 });
    expect(queueCounts([])).toEqual({ total: 0, pending: 0, done: 0, failed: 0, expired: 0 });
  });
  it('read each state in words', () => {
    expect(COMMAND_STATE_LABELS).toEqual({
      PENDING: 'Waiting to send',
      SENT: 'Sent',
      DONE: 'Done',
      FAILED: 'Failed',
      EXPIRED: 'Expired: not sent in time',
    });
    expect(queueStateLabel('PENDING')).toBe('Waiting to send');
    expect(queueStateLabel('SENT')).toBe('Sent');
    expect(queueStateLabel('DONE')).toBe('Done');
    expect(queueStateLabel('FAILED')).toBe('Failed');
    expect(queueStateLabel('EXPIRED')).toBe('Expired: not sent in time');
    expect(describeMessage({ resource: 'VendingUnitReset', operation: null })).toBe('VendingUnitReset');
    expect(describeMessage({ resource: 'OutOfOrder', operation: 'ENABLE' })).toBe('OutOfOrder ENABLE');
  });
  it('say each state with its time in Central: when done if known, else when recorded', () => {
    const done = message({ state: 'DONE', doneAt: '2026-05-10T12:00:03Z' });
    expect(commandStateAt(done)).toBe('2026-05-10T12:00:03Z');
    expect(commandStateText(done)).toBe('Done (2026-05-10 07:00:03 CT)');
    expect(commandStateText(message({ state: 'PENDING' }))).toBe('Waiting to send (2026-05-10 07:00:00 CT)');
    expect(commandStateText(message({}))).toBe('Sent (2026-05-10 07:00:00 CT)');
    expect(commandStateText(message({ state: 'FAILED', doneAt: '2026-05-10T12:01:00Z' }))).toBe(
      'Failed (2026-05-10 07:01:00 CT)',
    );
    expect(commandStateText(message({ state: 'EXPIRED', doneAt: '2026-05-10T12:10:00Z' }))).toBe(
      'Expired: not sent in time (2026-05-10 07:10:00 CT)',
    );
    expect(commandStateText(message({ state: 'EXPIRED' }))).toBe('Expired: not sent in time (2026-05-10 07:00:00 CT)');
  });
  it('colour and mark each state', () => {
    const states = ['PENDING', 'SENT', 'DONE', 'FAILED', 'EXPIRED'] as const;
    expect(states.map(commandStateTone)).toEqual(['info', 'info', 'success', 'error', 'warning']);
    expect(states.map(commandHighlight)).toEqual(['info', 'info', undefined, 'error', 'warning']);
  });
});
