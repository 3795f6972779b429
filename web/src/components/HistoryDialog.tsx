import type { ReactNode } from 'react';
import { Alert, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { errorMessage } from '@/lib/api';
import { LOAD_HISTORY_FAILURE } from '@/lib/messages';
import { Modal } from './Modal';

/**
 * What the dialog reads of a history loaded page by page: a TanStack `useInfiniteQuery` result
 * whose pages are HistoryPage-like (`{ items }`) fits as it is.
 */
export interface HistoryPages<R> {
  data?: { pages: readonly { items: readonly R[] }[] };
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export interface HistoryDialogProps<R> {
  title: string;
  /** Accessible name of the list of records. */
  listLabel: string;
  /** Shown when there is no record. */
  emptyText: string;
  history: HistoryPages<R>;
  /** The list, named `label` (e.g. `HistoryRecords`, or a screen's own lines). */
  renderRecords: (records: R[], label: string) => ReactNode;
  /** Shown when a page cannot be loaded and the server gave no message. */
  errorText?: string;
  onClose: () => void;
}

/**
 * The kit's history dialog: a record's history newest first, a page at a time ("Load more"),
 * with its loading, error and empty states. A first page that fails shows the error in place of
 * the list; a later page that fails keeps the records shown and adds the error under them.
 */
export function HistoryDialog<R>({
  title,
  listLabel,
  emptyText,
  history,
  renderRecords,
  errorText = LOAD_HISTORY_FAILURE,
  onClose,
}: HistoryDialogProps<R>) {
  const records = history.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Modal
      title={title}
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
        <Alert variation="error">{errorMessage(history.error, errorText)}</Alert>
      ) : records.length === 0 ? (
        <Text>{emptyText}</Text>
      ) : (
        renderRecords(records, listLabel)
      )}
      {history.isFetchNextPageError ? <Alert variation="error">{errorMessage(history.error, errorText)}</Alert> : null}
      {history.hasNextPage ? (
        <Button size="small" isLoading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </Modal>
  );
}
