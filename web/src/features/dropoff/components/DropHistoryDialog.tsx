import { Alert, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { Modal } from '@/components/Modal';
import { errorMessage } from '@/lib/api';
import { centralTime } from '@/lib/central-time';
import type { DropOffRow } from '../api/drop-off-summary';
import { useDropOverrideHistory } from '../api/drop-override-history';
import { changeLine } from '../lib/drop-history';

export const NO_DROP_HISTORY = 'No drop status recorded yet';

/** A slip's recorded statuses and reverts, newest first. */
export function DropHistoryDialog({ date, row, onClose }: { date: string; row: DropOffRow; onClose: () => void }) {
  const history = useDropOverrideHistory(date, row.packingSlipId);
  const records = history.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Modal
      title={`History of ${row.packingSlipId}`}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      }
    >
      {history.isLoading ? (
        <Flex alignItems="center" gap="0.5rem" role="status">
          <Loader />
          <Text>Loading the history…</Text>
        </Flex>
      ) : history.isError ? (
        <Alert variation="error">{errorMessage(history.error, 'The history could not be loaded.')}</Alert>
      ) : records.length === 0 ? (
        <Text>{NO_DROP_HISTORY}</Text>
      ) : (
        <ol aria-label={`Drop status history of ${row.packingSlipId}`}>
          {records.map((r) => (
            <li key={`${r.at}|${r.who}|${r.changes.map((c) => c.attribute).join()}`}>
              <Text as="span" fontWeight="bold">
                {centralTime(r.at)} CT
              </Text>{' '}
              <Text as="span">{r.who}</Text>
              {r.changes.map((c) => (
                <Text key={c.attribute}>
                  {changeLine(c)}
                  {c.reason ? ` — ${c.reason}` : ''}
                </Text>
              ))}
            </li>
          ))}
        </ol>
      )}
      {history.hasNextPage ? (
        <Button size="small" isLoading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </Modal>
  );
}
