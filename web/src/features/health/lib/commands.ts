import type { QueueMessage } from '../api/read-queue-messages';
import { HEALTH_RULES, type FridgeCommand, type HealthRules } from './health-rules';

export type ToggleOperation = 'ENABLE' | 'DISABLE';
export type ToggleField = 'outOfOrder' | 'safetyHold';

/**
 * The Fridge Commands a user sees (§6): every one with the admin flag,
 * otherwise those whose own flag the user has. The server checks again.
 */
export function visibleCommands(flags: readonly string[], r: HealthRules = HEALTH_RULES): FridgeCommand[] {
  if (flags.includes(r.adminFlag)) return r.commands;
  return r.commands.filter((c) => flags.includes(c.flag));
}

/** The health field a toggle command switches. */
export function toggleField(cmd: FridgeCommand): ToggleField {
  return cmd.resource === 'SafetyHold' ? 'safetyHold' : 'outOfOrder';
}

/** A toggle says ENABLE while the state is off and DISABLE while it is on (§4.3). */
export function toggleOperation(on: boolean): ToggleOperation {
  return on ? 'DISABLE' : 'ENABLE';
}

/** The queue message payload of a reset (its fixed operation, if any) or a toggle (ENABLE/DISABLE). */
export function commandPayload(
  cmd: FridgeCommand,
  operation?: ToggleOperation,
): { resource: string; operation: string | null } {
  if (cmd.kind === 'toggle') {
    if (!operation) throw new Error(`${cmd.label} needs ENABLE or DISABLE`);
    return { resource: cmd.resource, operation };
  }
  if (cmd.kind === 'reset') return { resource: cmd.resource, operation: cmd.operation };
  throw new Error(`${cmd.label} is not a queue message`);
}

/** Commands are processed within 5 minutes (§4.3): an unconfirmed local flip is dropped after that. */
export const COMMAND_WINDOW_MS = 5 * 60_000;

/** A toggle sent from this page whose result the fridge has not reported yet. */
export interface PendingToggle {
  /** The state the command asked for. */
  value: boolean;
  sentAt: number;
  /** The queue message recorded for it (from createQueueMessage). */
  messageId: string | null;
}

export interface ToggleState {
  on: boolean;
  /** True while the shown state is the local (optimistic) one. */
  pending: boolean;
}

/**
 * The state a toggle shows. After a confirmed command the local state flips at
 * once (§4.3) and stays flipped until the fridge's report agrees, the command
 * failed, the fridge reported after finishing the command (its health is then
 * the truth), or 5 minutes passed.
 */
export function effectiveToggle(
  server: boolean | null | undefined,
  pending: PendingToggle | undefined,
  ctx: { messages: QueueMessage[]; healthTimestamp: string | null | undefined; now: number },
): ToggleState {
  const reported = server === true;
  if (!pending) return { on: reported, pending: false };
  if (reported === pending.value) return { on: reported, pending: false };
  if (ctx.now - pending.sentAt > COMMAND_WINDOW_MS) return { on: reported, pending: false };
  const message = pending.messageId ? ctx.messages.find((m) => m.messageId === pending.messageId) : undefined;
  if (message?.state === 'FAILED') return { on: reported, pending: false };
  if (message?.state === 'DONE') {
    const done = message.doneAt ? Date.parse(message.doneAt) : Number.NaN;
    const at = ctx.healthTimestamp ? Date.parse(ctx.healthTimestamp) : Number.NaN;
    if (Number.isFinite(done) && Number.isFinite(at) && at >= done) return { on: reported, pending: false };
  }
  return { on: pending.value, pending: true };
}

export interface QueueCounts {
  total: number;
  pending: number;
  done: number;
  failed: number;
}

/** Queue message counts: pending are those SENT and not yet reported DONE or FAILED. */
export function queueCounts(messages: QueueMessage[]): QueueCounts {
  const of = (state: string) => messages.filter((m) => m.state === state).length;
  return { total: messages.length, pending: of('SENT'), done: of('DONE'), failed: of('FAILED') };
}

/** How a message's state reads in the table. */
export function queueStateLabel(state: string): string {
  return state === 'SENT' ? 'Pending' : state === 'DONE' ? 'Done' : state === 'FAILED' ? 'Failed' : state;
}

/** A command's description in the recent-commands table: 'OutOfOrder ENABLE'. */
export function describeMessage(m: Pick<QueueMessage, 'resource' | 'operation'>): string {
  return [m.resource, m.operation].filter(Boolean).join(' ');
}
