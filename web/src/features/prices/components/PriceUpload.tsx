import { useState } from 'react';
import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { diffValue } from '@/components/checked-columns';
import type { DataColumn } from '@/components/DataTable';
import { ErrorPanel } from '@/components/ErrorPanel';
import { FileInput } from '@/components/FileInput';
import { InvalidRowsDownload } from '@/components/InvalidRowsDownload';
import { MessageDialog } from '@/components/MessageDialog';
import { ProgressBar } from '@/components/ProgressBar';
import { UploadPreviewTable } from '@/components/UploadPreviewTable';
import { NO_UPLOAD, useUploadCheck } from '@/components/useUploadCheck';
import { Guard } from '@/components/Guard';
import { errorMessage } from '@/lib/api';
import { commitInBatches, type FileRow, type RowReport } from '@/lib/upload-pipeline';
import { count } from '@/lib/count';
import { BackendSchemaError, dryRunPrices, updateItemPrices } from '../api/price-upload';
import { PRICE_COLUMNS, readPriceFile } from '../lib/price-file';

const STATUS: Record<RowReport['status'], string> = {
  invalid: 'Invalid',
  new: 'Will Update',
  change: 'Will Update',
  unchanged: 'No Change',
};
type Dialog = { title: string; text: string; details?: string[] } | null;

/** The spec's preview: Line #, Status, the file's columns, Change Status, Validation. */
function previewColumns(reports: Map<number, RowReport>): DataColumn<FileRow>[] {
  const statusOf = (r: FileRow) => reports.get(r.row)?.status;
  return [
    { id: 'line', header: 'Line #', width: '5rem', value: (r) => r.row },
    { id: 'status', header: 'Status', width: '8rem', value: (r) => (statusOf(r) ? STATUS[statusOf(r)!] : 'Checking') },
    ...PRICE_COLUMNS.map((c) => ({ id: c, header: c, value: (r: FileRow) => r.values[c] ?? '' })),
    {
      id: 'change',
      header: 'Change Status',
      value: (r) => {
        const rep = reports.get(r.row);
        if (!rep || rep.status === 'invalid') return '';
        if (rep.status === 'new') return 'New item';
        return rep.diff.map((d) => `${diffValue(d.oldValue)} → ${diffValue(d.newValue)}`).join('; ') || 'Same price';
      },
    },
    { id: 'validation', header: 'Validation', value: (r) => reports.get(r.row)?.messages.join('; ') ?? '' },
  ];
}

/** /csv-pricing (3-planning §2, §4, §5, §8): check the file, preview, Submit the updates in batches of 100. */
export function PriceUpload() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const {
    upload,
    setUpload,
    fileErrors,
    checking,
    choose,
    statusOf,
    ready: updates,
    invalid,
  } = useUploadCheck({
    dryRun: dryRunPrices,
    read: readPriceFile,
    dryRunProblem: () => {
      setDialog({
        title: 'Error Fetching Current Prices',
        text: 'Failed to fetch current prices for comparison. Please try again.',
      });
      return undefined;
    },
  });
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // Remounting the picker clears it after a Submit.
  const [pickerKey, setPickerKey] = useState(0);

  const rows = upload.rows;
  const noUpdates = upload.checked && invalid.length === 0 && updates.length === 0;

  const submit = async () => {
    if (!upload.file || invalid.length > 0 || updates.length === 0) return;
    let message = '';
    // The server's words for each batch that failed rows ('N of M rows were not updated.').
    const failedBatchMessages: string[] = [];
    let batches = 0;
    // A batch answered in an unexpected shape fails its rows like any failed
    // batch; the dialog then names it as the spec does ('Backend Schema Error').
    const seen: { schemaError: BackendSchemaError | null } = { schemaError: null };
    try {
      const results = await commitInBatches(
        { uploadId: upload.uploadId, fileName: upload.fileName, rows: updates },
        async (batch) => {
          try {
            batches += 1;
            const answer = await updateItemPrices(batch);
            message = answer.message;
            if (answer.message && answer.results.some((r) => r.status === 'failed'))
              failedBatchMessages.push(answer.message);
            return answer;
          } catch (e) {
            if (e instanceof BackendSchemaError) seen.schemaError = e;
            throw e;
          }
        },
        (done, total) => setProgress({ done, total }),
      );
      const failed = results.filter((r) => r.status === 'failed');
      const written = results.length - failed.length;
      if (failed.length > 0) {
        const details = failed.map((f) => `Line ${f.row}: ${f.message ?? ''}`);
        // §8 'Update Failed' with the backend message: one batch's is the whole file's; several are summed up here.
        const text =
          batches === 1 && failedBatchMessages.length === 1
            ? failedBatchMessages[0]
            : `${failed.length} of ${results.length} prices were not updated.`;
        setDialog(
          seen.schemaError
            ? { title: 'Backend Schema Error', text: `${seen.schemaError.message} ${text}`, details }
            : { title: 'Update Failed', text, details },
        );
        // Only the failed rows stay, marked with their message.
        setUpload((u) => {
          const reports = new Map(u.reports);
          failed.forEach((f) =>
            reports.set(f.row, {
              row: f.row,
              key: f.key,
              status: 'invalid',
              messages: [f.message ?? 'Not updated'],
              diff: [],
            }),
          );
          return { ...u, rows: u.rows.filter((r) => failed.some((x) => x.row === r.row)), reports };
        });
      } else {
        setDialog({
          title: 'Success',
          text: results.length > 100 || !message ? `Successfully updated ${written} item prices.` : message,
        });
        setUpload(NO_UPLOAD);
        setPickerKey((k) => k + 1);
      }
    } catch (e) {
      setDialog({ title: 'Update Failed', text: errorMessage(e, 'The prices could not be updated.') });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Flex direction="column" gap="1rem">
      <Text>
        Columns: schemaId, item (uppercase letters, digits, underscores), price (0 or more, at most 2 decimals).
      </Text>
      <Flex alignItems="center" gap="1rem" wrap="wrap">
        <FileInput
          key={pickerKey}
          label="Price file"
          accept=".csv,text/csv,.xlsx"
          onFile={(f) => void choose(f)}
          disabled={checking || progress !== null}
        />
        <Guard call="updateItemPrices">
          {(refused) => (
            <Button
              variation="primary"
              onClick={() => void submit()}
              isDisabled={refused || !upload.checked || invalid.length > 0 || updates.length === 0 || progress !== null}
              isLoading={progress !== null}
              loadingText="Updating…"
            >
              {`Submit (${count(updates.length, 'update')})`}
            </Button>
          )}
        </Guard>
        <InvalidRowsDownload fileName={upload.fileName} rows={invalid} reports={upload.reports} />
        <Text>
          {checking
            ? `Checking ${count(rows.length, 'row')}…`
            : upload.summary
              ? `${count(rows.length, 'row')}: ${upload.summary}`
              : ''}
        </Text>
      </Flex>
      <ErrorPanel heading="The file has problems" messages={fileErrors} />
      {noUpdates ? <Alert variation="warning">No Updates Needed</Alert> : null}
      {invalid.length > 0 ? (
        <Text color="font.error">Fix the invalid rows and choose the file again: Submit needs every row valid.</Text>
      ) : null}
      {progress ? <ProgressBar label="Updating" value={progress.done} max={progress.total} unit="batches" /> : null}
      <UploadPreviewTable
        label="Price preview"
        fileName={upload.fileName}
        rows={rows}
        columns={previewColumns(upload.reports)}
        highlight={(r) =>
          statusOf(r) === 'invalid' ? 'error' : statusOf(r) === 'new' || statusOf(r) === 'change' ? 'info' : undefined
        }
      />
      {dialog ? (
        <MessageDialog
          title={dialog.title}
          text={dialog.text}
          items={dialog.details}
          listLabel="Details"
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Flex>
  );
}
