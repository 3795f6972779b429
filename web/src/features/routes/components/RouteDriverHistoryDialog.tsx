import { Alert, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { HistoryRecords } from '@/components/HistoryRecords';
import { Modal } from '@/components/Modal';
import { historyText } from '@/features/locations/lib/history';
import { errorMessage } from '@/lib/api';
import { centralTime } from '@/lib/central-time';
import { LOAD_HISTORY_FAILURE } from '@/lib/messages';
import { useRouteDriverHistory } from '../api/route-driver-history';
import { usDate } from '../lib/route-table';

export const NO_DRIVER_HISTORY = 'No driver recorded yet';

/** A route's driver changes on a date (who, when, from where, old → new), newest first. */
export function RouteDriverHistoryDialog({
  date,
  route,
  onClose,
}: {
  date: string;
  route: string;
  onClose: () => void;
}) {
  const history = useRouteDriverHistory(date, route);
  const records = history.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Modal
      title={`Drivers of route ${route} on ${usDate(date)}`}
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
      ) : history.isError && !history.data ? (
        <Alert variation="error">{errorMessage(history.error, LOAD_HISTORY_FAILURE)}</Alert>
      ) : records.length === 0 ? (
        <Text>{NO_DRIVER_HISTORY}</Text>
      ) : (
        <HistoryRecords
          records={records}
          label={`Driver history of route ${route}`}
          time={(at) => `${centralTime(at)} CT`}
          value={historyText}
        />
      )}
      {history.isFetchNextPageError ? (
        <Alert variation="error">{errorMessage(history.error, LOAD_HISTORY_FAILURE)}</Alert>
      ) : null}
      {history.hasNextPage ? (
        <Button size="small" isLoading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </Modal>
  );
}
