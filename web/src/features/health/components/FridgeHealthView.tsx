import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { RetryAlert } from '@/components/RetryAlert';
import { ScreenLink } from '@/components/ScreenLink';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Heading, Loader, Text, View } from '@aws-amplify/ui-react';
import { useToast } from '@/lib/toast';
import { fridgeHealthKey, useFridgeHealth } from '../api/get-fridge-health';
import { queueMessagesKey, useQueueMessages } from '../api/read-queue-messages';
import {
  effectiveToggle,
  toggleField,
  type PendingToggle,
  type QueueMessage,
  type ToggleField,
  type ToggleOperation,
} from '../lib/commands';
import { HEALTH_MESSAGES, type FridgeCommand } from '../lib/health-rules';
import { centralTime } from '@/lib/central-time';
import { FridgeEventsTable, SegmentEventsTable } from './EventTables';
import { FridgeCommands } from './FridgeCommands';
import { HealthAttributes } from './HealthAttributes';
import { QueueSummary } from './QueueSummary';
import { useCommandChanges } from '../lib/use-command-changes';
import { TemperatureChart } from './TemperatureChart';

function Section({
  id,
  title,
  children,
  aside,
}: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <View
      as="section"
      aria-labelledby={id}
      padding="1rem"
      backgroundColor="background.primary"
      borderRadius="6px"
      style={{ border: '1px solid var(--amplify-colors-border-secondary)' }}
    >
      {/* Wraps: on a phone the aside goes under the title rather than squeeze it ('Healt', 'h'). */}
      <Flex alignItems="center" gap="0.25rem 0.75rem" wrap="wrap" marginBottom="0.75rem">
        <Heading level={2} fontSize="xl" id={id}>
          {title}
        </Heading>
        {aside}
      </Flex>
      {children}
    </View>
  );
}

type PendingToggles = Partial<Record<ToggleField, PendingToggle>>;

/**
 * /locations/health/{id} (spec §2.3): the fridge's health table, its fridge
 * commands, queue messages, a 24-hour temperature chart and its events.
 * While a command waits for the fridge (a queue message is SENT, or a toggle
 * was flipped locally), the health and the queue are read every few seconds.
 */
export function FridgeHealthView({ id }: { id: string }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [pending, setPending] = useState<PendingToggles>({});
  const waitingLocally = Object.keys(pending).length > 0;

  const queue = useQueueMessages(id, waitingLocally);
  const messages = queue.data?.items ?? [];
  const anySent = messages.some((m) => m.state === 'SENT');
  const health = useFridgeHealth(id, waitingLocally || anySent);
  const current = health.data ?? null;

  const now = Date.now();
  const ctx = { messages, healthTimestamp: current?.timestamp, now };
  const toggles = {
    outOfOrder: effectiveToggle(current?.outOfOrder, pending.outOfOrder, ctx),
    safetyHold: effectiveToggle(current?.safetyHold, pending.safetyHold, ctx),
  };

  // A local flip is dropped once the fridge's report (or the command's failure, or time) settles it.
  const settled = (Object.keys(pending) as ToggleField[]).filter((f) => !toggles[f].pending);
  const settledKey = settled.join(',');
  useEffect(() => {
    if (!settledKey) return;
    setPending((p) => {
      const next = { ...p };
      for (const f of settledKey.split(',') as ToggleField[]) delete next[f];
      return next;
    });
  }, [settledKey]);

  // A command's fate shows as the fridge reports it, without waiting for the next read (issue 61).
  const onCommandChange = useCallback(() => {
    void qc.invalidateQueries({ queryKey: queueMessagesKey(id) });
    void qc.invalidateQueries({ queryKey: fridgeHealthKey(id) });
  }, [qc, id]);
  useCommandChanges(id, onCommandChange);

  const { isError, errorUpdatedAt } = health;
  useEffect(() => {
    if (isError) toast.error(HEALTH_MESSAGES.healthLoadFailed, { durationMs: 6000 });
  }, [isError, errorUpdatedAt, toast]);

  const onSent = useCallback(
    (message: QueueMessage, cmd: FridgeCommand, operation?: ToggleOperation) => {
      if (cmd.kind === 'toggle' && operation) {
        // §4.3: after a confirmed command the local state flips at once.
        setPending((p) => ({
          ...p,
          [toggleField(cmd)]: { value: operation === 'ENABLE', sentAt: Date.now(), messageId: message.messageId },
        }));
      }
      // The new message shows as pending at once; the refetch brings the rest.
      qc.setQueryData(queueMessagesKey(id), (old: { items: QueueMessage[]; nextToken?: string | null } | undefined) =>
        old ? { ...old, items: [message, ...old.items.filter((m) => m.messageId !== message.messageId)] } : old,
      );
      void qc.invalidateQueries({ queryKey: queueMessagesKey(id) });
      void qc.invalidateQueries({ queryKey: fridgeHealthKey(id) });
    },
    [qc, id],
  );

  return (
    <Flex direction="column" gap="1rem">
      <Flex alignItems="baseline" gap="1rem" wrap="wrap">
        <Heading level={1} fontSize="xxxl">
          Fridge health: {id}
        </Heading>
        <ScreenLink to={`/locations/detail/${encodeURIComponent(id)}`}>Location details</ScreenLink>
        <ScreenLink to="/portfoliohealth">Fleet health</ScreenLink>
      </Flex>
      {health.isError ? (
        <RetryAlert message={HEALTH_MESSAGES.healthLoadFailed} onRetry={() => void health.refetch()} />
      ) : null}
      <Flex gap="1rem" alignItems="flex-start" wrap="wrap">
        <View flex="1 1 28rem" minWidth="0">
          <Section
            id="fridge-health-heading"
            title="Health"
            aside={
              health.isFetching ? (
                <Flex alignItems="center" gap="0.35rem">
                  <Loader size="small" />
                  <Text fontSize="small">Refreshing…</Text>
                </Flex>
              ) : current?.timestamp ? (
                <Text fontSize="small" color="font.secondary">
                  Reported {centralTime(current.timestamp)} CT
                </Text>
              ) : null
            }
          >
            {health.isPending ? (
              <Flex alignItems="center" gap="0.5rem" role="status">
                <Loader />
                <Text>Loading health…</Text>
              </Flex>
            ) : (
              <HealthAttributes health={current} label="Fridge health" />
            )}
          </Section>
        </View>
        <Flex direction="column" gap="1rem" flex="1 1 28rem" minWidth="0">
          <Section id="fridge-commands-heading" title="Fridge Commands">
            <FridgeCommands locationId={id} toggles={toggles} healthKnown={health.isSuccess} onSent={onSent} />
          </Section>
          <Section id="fridge-queue-heading" title="Queue messages">
            <QueueSummary
              messages={messages}
              loading={queue.isFetching}
              error={queue.isError}
              more={!!queue.data?.nextToken}
            />
          </Section>
        </Flex>
      </Flex>
      <Section id="fridge-temperature-heading" title="Temperature">
        <TemperatureChart locationId={id} />
      </Section>
      <Section id="fridge-events-heading" title="Fridge events">
        <FridgeEventsTable locationId={id} />
      </Section>
      <Section id="fridge-segment-heading" title="Segment events">
        <SegmentEventsTable locationId={id} />
      </Section>
    </Flex>
  );
}
