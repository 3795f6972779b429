import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { Alert, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { errorMessage } from '@/lib/api';
import { CHECK_INTERNET_AND_PERMISSIONS } from '@/lib/messages';
import type { BatchOutcome } from '@/lib/run-batches';
import { useToast } from '@/lib/toast';
import { BulkUpdateDialog, type BulkUpdateFields, type StatusEdit } from './BulkUpdateDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable, type DataTableProps, type RowSelection } from './DataTable';
import { DateSearchForm } from './DateSearchForm';
import { Guard } from './Guard';
import { MessageDialog } from './MessageDialog';

/** Pick a date, then the list of that date; the list can go back to the date. */
export function ByDate({ children }: { children: (date: string, chooseAnother: () => void) => ReactNode }) {
  const [searched, setSearched] = useState<string | null>(null);
  if (searched === null) return <DateSearchForm onSearch={setSearched} />;
  return <>{children(searched, () => setSearched(null))}</>;
}

/** An editable list's state: the rows' edits (by row id) and the checked rows. */
export interface EditableListState<R, E> {
  edits: ReadonlyMap<string, E>;
  setEdit: (row: R, edit: E) => void;
  setEdits: Dispatch<SetStateAction<Map<string, E>>>;
  selection: RowSelectionState;
  setSelection: Dispatch<SetStateAction<RowSelectionState>>;
}

/** The edits and checked rows of an editable list; the screen's columns read and set the edits. */
export function useEditableList<R, E>(getRowId: (row: R) => string): EditableListState<R, E> {
  const [edits, setEdits] = useState<Map<string, E>>(() => new Map());
  const [selection, setSelection] = useState<RowSelectionState>({});
  const setEdit = (row: R, edit: E) => setEdits((m) => new Map(m).set(getRowId(row), edit));
  return { edits, setEdit, setEdits, selection, setSelection };
}

/** The list's Bulk Update: its fields, and how a bulk edit lands on the checked rows. */
export interface BulkUpdate<R, S extends string> extends BulkUpdateFields<S> {
  /** The edits after giving `edit` to the checked rows, and the rows that could not take it. */
  apply: (checked: ReadonlySet<string>, edit: StatusEdit<S>) => { edits: Map<string, StatusEdit<S>>; skipped?: R[] };
  /** The notice naming the checked rows that kept their status. */
  skippedNotice?: (skipped: R[], edit: StatusEdit<S>) => string;
}

/** The list's update button (Confirm Override, Update JIT): what it sends and what it says. */
export interface UpdateAction<R> {
  /** The button's text and its confirmation's title. */
  label: string;
  /** The call it makes, for <Guard>. */
  call: string;
  /** Rows it would send. */
  count: number;
  /** The button's tooltip while there is nothing to send. */
  idleTitle?: string;
  /** Rows whose status needs a reason they lack: a warning over the table, and nothing is sent. */
  missing: readonly R[];
  missingWarning: (n: number) => string;
  /**
   * With it, the button stays enabled and names the rows without a reason in this dialog;
   * without it, the button is disabled while any row lacks one.
   */
  missingDialog?: { title: string; text: (n: number) => string; listLabel: string };
  confirmText: (n: number) => string;
  success: (n: number) => string;
  failures: { title: string; text: (n: number) => string; listLabel: string };
  /** How a row is named in the dialogs' lists. */
  rowName: (row: R) => string;
  /** Sends the update. An Error thrown before anything is sent is shown as its message. */
  run: () => Promise<BatchOutcome<R>>;
  /** Reloads the list after an update. */
  reload: () => Promise<unknown>;
}

export interface EditableListProps<R, S extends string> {
  list: EditableListState<R, StatusEdit<S>>;
  /** Heading: '{title} for {date}', beside a button back to the date. */
  title: string;
  date: string;
  onChooseDate: () => void;
  query: Pick<UseQueryResult, 'isLoading' | 'isError' | 'error' | 'isFetching' | 'refetch'>;
  /** What is listed ('drops'): 'Loading the drops of {date}…', 'The drops could not be loaded'. */
  what: string;
  /** Shown over the table (a count, filters). */
  above?: ReactNode;
  /** Every row loaded: checked rows and bulk edits count over these, not only the shown ones. */
  rows: readonly R[];
  getRowId: (row: R) => string;
  /** A locked row cannot be checked (nor edited: the screen's cells say so). */
  isLocked: (row: R) => boolean;
  /** The table: the shown rows, the screen's columns, its texts. The Select column comes from `select`. */
  table: Omit<DataTableProps<R>, 'getRowId' | 'loading' | 'selection' | 'toolbar'>;
  select: Omit<RowSelection<R>, 'state' | 'onChange' | 'canSelect'>;
  bulk: BulkUpdate<R, S>;
  update: UpdateAction<R>;
  /** The screen's own dialogs (a row's history, say). */
  children?: ReactNode;
}

/**
 * A day's list whose rows take a status and a reason (Drop Off Summary, JIT Management): rows are
 * edited in the screen's columns or checked and given one status by Bulk Update, then sent by the
 * update button after a confirmation. Locked rows cannot be checked. Rows that landed lose their
 * edit and their check; failed rows keep them for another try and are listed with the reason.
 */
export function EditableList<R, S extends string>(props: EditableListProps<R, S>) {
  const { list, rows, getRowId, isLocked, update, query, what, date } = props;
  const toast = useToast();
  const [dialog, setDialog] = useState<'bulk' | 'confirm' | null>(null);
  const [missingShown, setMissingShown] = useState<readonly R[]>([]);
  const [failures, setFailures] = useState<string[]>([]);

  // A row locked since it was checked (the list was refetched) no longer counts.
  const checked = new Set(rows.filter((r) => list.selection[getRowId(r)] && !isLocked(r)).map(getRowId));

  const sending = useMutation({
    mutationFn: () => update.run(),
    onSuccess: (outcome) => {
      setDialog(null);
      if (outcome.done.length) toast.success(update.success(outcome.done.length));
      const done = new Set(outcome.done.map(getRowId));
      list.setEdits((m) => new Map([...m].filter(([id]) => !done.has(id))));
      list.setSelection((s) => Object.fromEntries(Object.entries(s).filter(([id]) => !done.has(id))));
      setFailures(outcome.failed.map(({ row, message }) => `${update.rowName(row)}: ${message}`));
      void update.reload();
    },
    onError: (err) => {
      setDialog(null);
      // The server's words; with none (no answer, a proxy's page), the console's words, not the browser's.
      toast.error(errorMessage(err, CHECK_INTERNET_AND_PERMISSIONS));
    },
  });

  function start() {
    if (update.missing.length) setMissingShown(update.missing);
    else setDialog('confirm');
  }

  const blocked = update.count === 0 || (!update.missingDialog && update.missing.length > 0);
  return (
    <Flex direction="column" gap="1rem">
      <Flex alignItems="center" gap="1rem" wrap="wrap">
        <Heading level={2} fontSize="large">
          {props.title} for {date}
        </Heading>
        <Button size="small" onClick={props.onChooseDate}>
          Choose another date
        </Button>
      </Flex>
      {query.isLoading ? (
        <Flex alignItems="center" gap="0.5rem" role="status">
          <Loader />
          <Text>
            Loading the {what} of {date}…
          </Text>
        </Flex>
      ) : query.isError ? (
        <Alert variation="error" heading={`The ${what} could not be loaded`}>
          {errorMessage(query.error, 'Please try again.')}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          {props.above}
          {update.missing.length ? (
            <Alert variation="warning">{update.missingWarning(update.missing.length)}</Alert>
          ) : null}
          <DataTable
            {...props.table}
            getRowId={getRowId}
            loading={query.isFetching}
            selection={{
              ...props.select,
              state: list.selection,
              onChange: list.setSelection,
              canSelect: (r) => !isLocked(r),
            }}
            toolbar={
              <Flex gap="0.5rem" wrap="wrap">
                <Button
                  onClick={() => setDialog('bulk')}
                  isDisabled={checked.size === 0}
                  title={checked.size === 0 ? 'Check at least one row' : undefined}
                >
                  Bulk Update
                </Button>
                <Guard call={update.call}>
                  {(disabled) => (
                    <Button
                      variation="primary"
                      isDisabled={disabled || blocked}
                      title={update.count === 0 ? update.idleTitle : undefined}
                      onClick={start}
                    >
                      {update.label}
                    </Button>
                  )}
                </Guard>
              </Flex>
            }
          />
        </>
      )}
      {dialog === 'bulk' ? (
        <BulkUpdateDialog
          {...props.bulk}
          count={checked.size}
          onCancel={() => setDialog(null)}
          onApply={(edit) => {
            const out = props.bulk.apply(checked, edit);
            list.setEdits(out.edits);
            setDialog(null);
            if (out.skipped?.length && props.bulk.skippedNotice)
              toast.info(props.bulk.skippedNotice(out.skipped, edit));
          }}
        />
      ) : null}
      {dialog === 'confirm' ? (
        <ConfirmDialog
          title={update.label}
          confirmLabel="Confirm"
          cancelLabel="Cancel"
          busy={sending.isPending}
          busyLabel="Updating…"
          onCancel={() => setDialog(null)}
          onConfirm={() => sending.mutate()}
        >
          <Text>{update.confirmText(update.count)}</Text>
        </ConfirmDialog>
      ) : null}
      {missingShown.length && update.missingDialog ? (
        <MessageDialog
          title={update.missingDialog.title}
          text={update.missingDialog.text(missingShown.length)}
          items={missingShown.map(update.rowName)}
          listLabel={update.missingDialog.listLabel}
          onClose={() => setMissingShown([])}
        />
      ) : null}
      {failures.length ? (
        <MessageDialog
          title={update.failures.title}
          text={update.failures.text(failures.length)}
          items={failures}
          listLabel={update.failures.listLabel}
          onClose={() => setFailures([])}
        />
      ) : null}
      {props.children}
    </Flex>
  );
}
