import type { CommandState, ReadQueueMessagesQuery } from '@/generated/gql/graphql';
import type { Highlight } from '@/components/DataTable';
import type { Tone } from '@/components/StatusBadge';
import { centralTime } from '@/lib/central-time';
import { HEALTH_RULES, type FridgeCommand, type HealthRules } from './health-rules';

/** A command sent to a fridge, as readQueueMessages lists it (api/read-queue-messages.ts reads them). */
export type QueueMessage = ReadQueueMessagesQuery['readQueueMessages']['items'][number];

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
  // Failed, or never sent in time: nothing will change on the fridge.
  if (message && isUnsent(message.state)) return { on: reported, pending: false };
  if (message?.state === 'DONE') {
    const done = message.doneAt ? Date.parse(message.doneAt) : Number.NaN;
    const at = ctx.healthTimestamp ? Date.parse(ctx.healthTimestamp) : Number.NaN;
    if (Number.isFinite(done) && Number.isFinite(at) && at >= done) return { on: reported, pending: false };
  }
  return { on: pending.value, pending: true };
}

export interface QueueCounts {
  total: number;
  /** Not yet done: waiting to send (PENDING) or sent and waiting for the fridge (SENT). */
  pending: number;
  done: number;
  failed: number;
  /** Never sent: not taken by the queue before its notAfter. */
  expired: number;
}

/** A command's fate still to come: recorded (PENDING) or sent to the fridge (SENT). */
export const isOutstanding = (state: CommandState) => state === 'PENDING' || state === 'SENT';

/** A command the fridge will never carry out: it failed, or it expired before it was sent. */
export const isUnsent = (state: CommandState) => state === 'FAILED' || state === 'EXPIRED';

/** Queue message counts: pending are those PENDING or SENT, not yet reported DONE or FAILED (nor EXPIRED). */
export function queueCounts(messages: QueueMessage[]): QueueCounts {
  const of = (state: CommandState) => messages.filter((m) => m.state === state).length;
  return {
    total: messages.length,
    pending: messages.filter((m) => isOutstanding(m.state)).length,
    done: of('DONE'),
    failed: of('FAILED'),
    expired: of('EXPIRED'),
  };
}

/** Each command state in words. */
export const COMMAND_STATE_LABELS: Readonly<Record<CommandState, string>> = {
  PENDING: 'Waiting to send',
  SENT: 'Sent',
  DONE: 'Done',
  FAILED: 'Failed',
  EXPIRED: 'Expired: not sent in time',
};

/** How a message's state reads in the table (a state this build does not know: as the server sends it). */
export function queueStateLabel(state: CommandState): string {
  return COMMAND_STATE_LABELS[state] ?? state;
}

/** When a message reached its state: when it was done (or failed, or expired) if known, else when it was recorded. */
export const commandStateAt = (m: Pick<QueueMessage, 'doneAt' | 'timestamp'>) => m.doneAt || m.timestamp;

/** A message's state in words with its time in Central: 'Done (2026-07-01 12:00:03 CT)'. */
export function commandStateText(m: Pick<QueueMessage, 'state' | 'doneAt' | 'timestamp'>): string {
  const at = centralTime(commandStateAt(m));
  return at ? `${queueStateLabel(m.state)} (${at} CT)` : queueStateLabel(m.state);
}

/** The colour of a state's badge (its words carry the meaning). */
export function commandStateTone(state: CommandState): Tone {
  switch (state) {
    case 'DONE':
      return 'success';
    case 'FAILED':
      return 'error';
    case 'EXPIRED':
      return 'warning';
    case 'PENDING':
    case 'SENT':
      return 'info';
    default:
      return 'neutral';
  }
}

/** How a message's row is marked in the table: failed, expired, or still on its way. */
export function commandHighlight(state: CommandState): Highlight | undefined {
  if (state === 'FAILED') return 'error';
  if (state === 'EXPIRED') return 'warning';
  return isOutstanding(state) ? 'info' : undefined;
}

/** A command's description in the recent-commands table: 'OutOfOrder ENABLE'. */
export function describeMessage(m: Pick<QueueMessage, 'resource' | 'operation'>): string {
  return [m.resource, m.operation].filter(Boolean).join(' ');
}
