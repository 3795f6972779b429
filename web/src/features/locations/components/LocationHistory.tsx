import { useId } from 'react';
import { Alert, Button, Flex, Heading, Loader, Text, View } from '@aws-amplify/ui-react';
import { HistoryRecords } from '@/components/HistoryRecords';
import { messageOf } from '@/lib/error-message';
import { useLocationHistory } from '../api/location-history';
import { formatFridgeTime, type FridgeZone } from '@/lib/fridge-time';
import { historyText as shown } from '@/lib/history';
import { LOAD_HISTORY_FAILURE } from '@/lib/messages';

export const HISTORY_EMPTY = 'No changes recorded yet';

/** "History": every write to the location, newest first, 25 at a time, times in fridge time. */
export function LocationHistory({
  id,
  zone,
  refetchInterval,
}: {
  id: string;
  zone: FridgeZone;
  refetchInterval?: number | false;
}) {
  const headingId = useId();
  const history = useLocationHistory(id, { refetchInterval });
  const records = history.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <View as="section" aria-labelledby={headingId} marginTop="1rem">
      <Heading level={2} id={headingId} marginBottom="0.5rem">
        History
      </Heading>
      {history.isLoading ? (
        <Flex alignItems="center" gap="0.5rem">
          <Loader size="small" />
          <Text>Loading history…</Text>
        </Flex>
      ) : null}
      {history.isError && !history.data ? (
        <Alert variation="error">{messageOf(history.error, LOAD_HISTORY_FAILURE)}</Alert>
      ) : null}
      {history.isSuccess && records.length === 0 ? <Text color="font.tertiary">{HISTORY_EMPTY}</Text> : null}
      {records.length > 0 ? (
        <HistoryRecords
          records={records}
          label="Change history"
          time={(at) => formatFridgeTime(at, zone)}
          value={shown}
        />
      ) : null}
      {history.isFetchNextPageError ? (
        <Alert variation="error">{messageOf(history.error, LOAD_HISTORY_FAILURE)}</Alert>
      ) : null}
      {history.hasNextPage ? (
        <Button
          size="small"
          onClick={() => void history.fetchNextPage()}
          isLoading={history.isFetchingNextPage}
          loadingText="Loading…"
        >
          Load more
        </Button>
      ) : null}
    </View>
  );
}
