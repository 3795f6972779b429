import { Alert, Flex, Text, View } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { StatusBadge } from '@/components/StatusBadge';
import {
  commandHighlight,
  commandStateAt,
  commandStateText,
  commandStateTone,
  describeMessage,
  queueCounts,
  queueStateLabel,
  type QueueMessage,
} from '../lib/commands';
import { HEALTH_MESSAGES } from '../lib/health-rules';
import { centralTime } from '@/lib/central-time';

const Nowrap = ({ children }: { children: string }) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
/** A time, 'YYYY-MM-DD HH:mm:ss': the date and the time each stay whole, and may go on two lines. */
const Time = ({ children }: { children: string }) => {
  const [date, time] = children.split(' ');
  return time ? (
    <span data-time="">
      <Nowrap>{date}</Nowrap> <Nowrap>{time}</Nowrap>
    </span>
  ) : (
    <Nowrap>{children}</Nowrap>
  );
};
/**
 * Text that may break anywhere (an e-mail, a command name). With the times on up to two lines, the
 * table fits its half of the page at 1440 px with 'State' and 'Done (CT)' in view; a narrower
 * screen scrolls the table inside its own box.
 */
const Breakable = ({ children }: { children: string }) => (
  <span data-wrap="anywhere" style={{ overflowWrap: 'anywhere', wordBreak: 'break-word' }}>
    {children}
  </span>
);

const COLUMNS: DataColumn<QueueMessage>[] = [
  {
    id: 'sent',
    header: 'Sent (CT)',
    value: (m) => centralTime(m.timestamp),
    cell: (m) => <Time>{centralTime(m.timestamp)}</Time>,
  },
  {
    id: 'command',
    header: 'Command',
    value: (m) => describeMessage(m),
    cell: (m) => <Breakable>{describeMessage(m)}</Breakable>,
  },
  { id: 'by', header: 'Sent by', value: (m) => m.sentBy ?? '', cell: (m) => <Breakable>{m.sentBy ?? ''}</Breakable> },
  {
    id: 'state',
    header: 'State',
    // In words, with when it got there (done, else recorded).
    value: (m) => commandStateText(m),
    cell: (m) => (
      <span data-state={m.state}>
        <StatusBadge tone={commandStateTone(m.state)}>{queueStateLabel(m.state)}</StatusBadge>{' '}
        <Time>{centralTime(commandStateAt(m))}</Time>
      </span>
    ),
    width: '9rem',
  },
  {
    id: 'done',
    header: 'Done (CT)',
    value: (m) => centralTime(m.doneAt),
    cell: (m) => <Time>{centralTime(m.doneAt)}</Time>,
  },
];

function Count({ label, value }: { label: string; value: number }) {
  return (
    <View>
      <Text as="dt" fontSize="small" color="font.secondary">
        {label}
      </Text>
      <Text as="dd" margin="0" fontSize="large" fontWeight={600} data-count={label.toLowerCase()}>
        {value}
      </Text>
    </View>
  );
}

export interface QueueSummaryProps {
  messages: QueueMessage[];
  loading: boolean;
  error: boolean;
  /** True when the fridge has older messages than those read. */
  more: boolean;
}

/** Queue message counts (total, pending = PENDING or SENT, done, failed, expired) and the recent commands, newest first. */
export function QueueSummary({ messages, loading, error, more }: QueueSummaryProps) {
  if (error) return <Alert variation="error">{HEALTH_MESSAGES.healthLoadFailed}</Alert>;
  const counts = queueCounts(messages);
  return (
    <Flex direction="column" gap="0.75rem">
      {/* Five counts wrap on a phone rather than widen the page. */}
      <dl
        aria-label="Queue message counts"
        style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 2rem', margin: 0 }}
      >
        <Count label="Total" value={counts.total} />
        <Count label="Pending" value={counts.pending} />
        <Count label="Done" value={counts.done} />
        <Count label="Failed" value={counts.failed} />
        <Count label="Expired" value={counts.expired} />
      </dl>
      {more ? (
        <Text fontSize="small" color="font.secondary">
          Counts of the newest {messages.length} messages.
        </Text>
      ) : null}
      <DataTable
        label="Recent commands"
        noun="commands"
        data={messages}
        columns={COLUMNS}
        getRowId={(m) => m.messageId}
        row={{
          // The command and its state in words (the time is in the cells).
          label: (m) => `${describeMessage(m)} ${queueStateLabel(m.state)}`,
          highlight: (m) => commandHighlight(m.state),
          height: 36,
        }}
        loading={loading}
        emptyMessage="No commands sent to this fridge."
        filter={false}
        height="280px"
        exportFileName="fridge-commands.csv"
      />
    </Flex>
  );
}
