import { describe, expect, it } from 'vitest';
import type { QueueMessage } from '../api/read-queue-messages';
import {
  COMMAND_WINDOW_MS,
  commandPayload,
  describeMessage,
  effectiveToggle,
  queueCounts,
  queueStateLabel,
  toggleField,
  toggleOperation,
  visibleCommands,
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
  it('goes back to the reported state when the command failed', () => {
    expect(effectiveToggle(false, pending, ctx({ messages: [message({ state: 'FAILED' })] }))).toEqual({
      on: false,
      pending: false,
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
  it('are counted by state (SENT is pending)', () => {
    const list = [message({}), message({ state: 'DONE' }), message({ state: 'DONE' }), message({ state: 'FAILED' })];
    expect(queueCounts(list)).toEqual({ total: 4, pending: 1, done: 2, failed: 1 });
    expect(queueCounts([])).toEqual({ total: 0, pending: 0, done: 0, failed: 0 });
  });
  it('read as Pending, Done, Failed', () => {
    expect(queueStateLabel('SENT')).toBe('Pending');
    expect(queueStateLabel('DONE')).toBe('Done');
    expect(queueStateLabel('FAILED')).toBe('Failed');
    expect(describeMessage({ resource: 'VendingUnitReset', operation: null })).toBe('VendingUnitReset');
    expect(describeMessage({ resource: 'OutOfOrder', operation: 'ENABLE' })).toBe('OutOfOrder ENABLE');
  });
});
