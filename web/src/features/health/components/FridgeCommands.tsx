import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { RetainedRequests } from '@/lib/retained-requests';
import { Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { Guard } from '@/components/Guard';
import { useFeatureFlags } from '@/lib/feature-flags';
import { ApiError, isForbidden } from '@/lib/api';
import { useToast } from '@/lib/toast';
import { createQueueMessage } from '../api/create-queue-message';
import type { QueueMessagePayloadInput } from '@/generated/gql/graphql';
import { sendComputerSwap } from '../api/send-computer-swap';
import {
  commandPayload,
  toggleField,
  toggleOperation,
  visibleCommands,
  type QueueMessage,
  type ToggleField,
  type ToggleOperation,
  type ToggleState,
} from '../lib/commands';
import {
  HEALTH_MESSAGES,
  resetDoneMessage,
  resetFailedMessage,
  toggleDoneMessage,
  type FridgeCommand,
} from '../lib/health-rules';

/** Command toasts last 6 seconds, top centre (§8). */
const TOAST = { durationMs: 6000 };

const serverMessage = (err: unknown) =>
  err instanceof ApiError && err.fromServer && err.message ? err.message : undefined;

interface Pending {
  cmd: FridgeCommand;
  operation?: ToggleOperation;
}

export interface FridgeCommandsProps {
  locationId: string;
  /** The shown state of each toggle (reported, or flipped locally after a command). */
  toggles: Record<ToggleField, ToggleState>;
  /** False until the fridge's health is known: toggles need its state. */
  healthKnown: boolean;
  /** A queue message was recorded (any command but the swap). */
  onSent: (message: QueueMessage, cmd: FridgeCommand, operation?: ToggleOperation) => void;
}

/** Confirm question and text of a command. */
function confirmText(p: Pending, id: string): { title: string; body: string } {
  if (p.cmd.kind === 'toggle') {
    return {
      title: `${p.operation} ${p.cmd.label}?`,
      body: `Are you sure you want to ${p.operation} ${p.cmd.label} on ${id}? ${HEALTH_MESSAGES.withinFiveMinutes}`,
    };
  }
  if (p.cmd.kind === 'swap') {
    return {
      title: `${p.cmd.label}?`,
      body: `Are you sure you want to complete a computer swap for ${id}? The inventory service gets the confirmed inventory and reservation of this fridge.`,
    };
  }
  return { title: `Reset ${p.cmd.label}?`, body: `Are you sure you want to reset the ${p.cmd.label} of ${id}?` };
}

/**
 * Fridge Commands (§2.3, §4.3, §6): the resets, the Out of Order and Food
 * Safety Hold toggles and the computer swap, each behind a confirmation, shown
 * by feature flag (admin: all). Results are toasts with the §8 texts.
 */
export function FridgeCommands({ locationId, toggles, healthKnown, onSent }: FridgeCommandsProps) {
  const flags = useFeatureFlags();
  const toast = useToast();
  const [confirm, setConfirm] = useState<Pending | null>(null);
  const [requests] = useState(() => new RetainedRequests<string>());
  const swap = useMutation({ mutationFn: () => sendComputerSwap(locationId) });
  const command = useMutation({
    mutationFn: (sent: { payload: QueueMessagePayloadInput; requestId: string }) =>
      createQueueMessage(locationId, sent.payload, sent.requestId),
  });
  const busy = swap.isPending || command.isPending;

  if (flags.isLoading) {
    return (
      <Flex alignItems="center" gap="0.5rem" role="status">
        <Loader />
        <Text>Loading your commands…</Text>
      </Flex>
    );
  }
  const commands = visibleCommands(flags.flags);
  if (commands.length === 0) return <Text color="font.secondary">Your feature flags grant no fridge commands.</Text>;

  const run = async (p: Pending) => {
    try {
      if (p.cmd.kind === 'swap') {
        try {
          const r = await swap.mutateAsync();
          if (r.success) toast.success(HEALTH_MESSAGES.swapDone, TOAST);
          else toast.error(HEALTH_MESSAGES.swapQueueFailed, { ...TOAST, detail: r.message ?? undefined });
        } catch (err) {
          // A permission failure goes to the kit's dialog (the query client's mutation cache), not into a toast.
          if (isForbidden(err)) return;
          toast.error(HEALTH_MESSAGES.swapRequestFailed, { ...TOAST, detail: serverMessage(err) });
        }
        return;
      }
      // One request per command and operation until it is answered for good: a retry after a
      // lost answer or a server failure resends the same requestId, so the fridge gets it once.
      const key = `${locationId}:${p.cmd.key}`;
      const payload = commandPayload(p.cmd, p.operation);
      const requestId = requests.inputFor(key, JSON.stringify(payload), () => crypto.randomUUID());
      try {
        const message = await command.mutateAsync({ payload, requestId });
        requests.settled(key, requestId);
        onSent(message, p.cmd, p.operation);
        // Every command is processed within 5 minutes (§9), a reset as much as a toggle.
        const done =
          p.cmd.kind === 'toggle' && p.operation
            ? toggleDoneMessage(p.cmd.label, p.operation)
            : resetDoneMessage(p.cmd.label);
        toast.success(done, { ...TOAST, detail: HEALTH_MESSAGES.withinFiveMinutes });
      } catch (err) {
        requests.settled(key, requestId, err);
        if (isForbidden(err)) return;
        // The catalogue's one failure text for queue commands (§8), with the server's reason under it.
        toast.error(resetFailedMessage(p.cmd.label), { ...TOAST, detail: serverMessage(err) });
      }
    } finally {
      setConfirm(null);
    }
  };

  const resets = commands.filter((c) => c.kind === 'reset');
  const toggleCommands = commands.filter((c) => c.kind === 'toggle');
  const swaps = commands.filter((c) => c.kind === 'swap');
  const text = confirm ? confirmText(confirm, locationId) : null;

  return (
    <Flex direction="column" gap="1rem">
      {resets.length ? (
        <Flex gap="0.5rem" wrap="wrap" role="group" aria-label="Resets">
          {resets.map((c) => (
            <Guard key={c.key} call="createQueueMessage">
              {(disabled) => (
                <Button onClick={() => setConfirm({ cmd: c })} isDisabled={disabled}>
                  Reset {c.label}
                </Button>
              )}
            </Guard>
          ))}
        </Flex>
      ) : null}
      {toggleCommands.map((c) => {
        const state = toggles[toggleField(c)];
        const operation = toggleOperation(state.on);
        return (
          <Flex key={c.key} alignItems="center" gap="0.75rem" wrap="wrap" data-command={c.key}>
            <Guard call="createQueueMessage">
              {(disabled) => (
                <Button
                  variation={operation === 'ENABLE' ? 'primary' : 'destructive'}
                  onClick={() => setConfirm({ cmd: c, operation })}
                  isDisabled={disabled || !healthKnown}
                  minWidth="16rem"
                >
                  {operation} {c.label}
                </Button>
              )}
            </Guard>
            <Text fontSize="small">
              {c.label} is {state.on ? 'on' : 'off'}
            </Text>
            {state.pending ? (
              <StatusBadge tone="info" title={HEALTH_MESSAGES.withinFiveMinutes}>
                Pending
              </StatusBadge>
            ) : null}
          </Flex>
        );
      })}
      {swaps.map((c) => (
        <Flex key={c.key}>
          <Guard call="sendConfirmedInventoryAndConfirmedReservation">
            {(disabled) => (
              <Button variation="warning" onClick={() => setConfirm({ cmd: c })} isDisabled={disabled}>
                {c.label}
              </Button>
            )}
          </Guard>
        </Flex>
      ))}
      {confirm && text ? (
        <ConfirmDialog
          title={text.title}
          confirmLabel="Confirm"
          cancelLabel="Cancel"
          busyLabel="Sending…"
          busy={busy}
          tone={confirm.cmd.kind === 'reset' ? 'primary' : 'destructive'}
          onConfirm={() => void run(confirm)}
          onCancel={() => setConfirm(null)}
        >
          {text.body}
        </ConfirmDialog>
      ) : null}
    </Flex>
  );
}
