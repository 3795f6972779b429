import { useState } from 'react';
import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { checkedColumns, type CheckedColumnsOptions } from '@/components/checked-columns';
import { ErrorPanel } from '@/components/ErrorPanel';
import { FileInput } from '@/components/FileInput';
import { MessageDialog } from '@/components/MessageDialog';
import { UploadPreviewTable } from '@/components/UploadPreviewTable';
import { useUploadCheck } from '@/components/useUploadCheck';
import { Guard } from '@/components/Guard';
import { isCsv, type DryRun, type RowReport } from '@/lib/upload-pipeline';
import { count } from '@/lib/count';
import { messageOf } from '@/lib/error-message';
import {
  dryRunForecast,
  putForecastFile,
  requestUploadLink,
  uploadStatus,
  UploadRefused,
  type UploadStatus,
} from '../api/upload-forecast';
import { appliedText, followUpload } from '../lib/follow-upload';
import { FORECAST_COLUMNS, readForecastFile } from '../lib/forecast-file';

// A state the screen does not know is shown as the server names it.
const STATE_TEXT: Partial<Record<string, string>> = {
  waiting: 'Waiting for the file to arrive…',
  received: 'Received; checking and storing the rows…',
  applied: 'Stored.',
  failed: 'Not stored.',
};
// The status names the server's verdict as it is; the tooltip gives its messages.
const PREVIEW_COLUMNS: CheckedColumnsOptions = {
  fileColumns: FORECAST_COLUMNS.map((c) => ({ col: c, title: c })),
  rowHeader: 'Line',
  statusText: { new: 'new', change: 'change', unchanged: 'unchanged', invalid: 'invalid' },
  statusTitle: (report: RowReport) => report.messages.join('; ') || report.status,
};

/** After the check: sending the file, following its ingest, then done until another file is chosen. */
type Phase = 'idle' | 'sending' | 'processing' | 'done';

const holdoverLines = (dry: DryRun) => dry.rows.flatMap((r) => (r.warnings ?? []).map((w) => `Line ${r.row}: ${w}`));

/** /forecast/upload (3-planning §2, §4, §5): pick, check per line, Holdover Alert, Upload Forecast, follow the ingest. */
export function ForecastUpload() {
  const [holdovers, setHoldovers] = useState<string[]>([]);
  const [showHoldover, setShowHoldover] = useState(false);
  const { upload, fileErrors, checking, choose, invalid } = useUploadCheck({
    dryRun: dryRunForecast,
    read: readForecastFile,
    dryRunProblem: (err) => messageOf(err, 'The file could not be checked'),
    onChecked: (dry) => {
      const lines = holdoverLines(dry);
      setHoldovers(lines);
      setShowHoldover(lines.length > 0);
    },
  });
  const [phase, setPhase] = useState<Phase>('idle');
  const [state, setState] = useState<UploadStatus | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  // Remounting the picker clears it, so that the same file can be chosen again.
  const [pickerKey, setPickerKey] = useState(0);

  const onFile = (chosen: File | null) => {
    setHoldovers([]);
    setState(null);
    setPhase('idle');
    setOutcome(null);
    if (chosen && !isCsv(chosen.name)) setPickerKey((k) => k + 1);
    void choose(chosen);
  };

  const lineErrors = invalid.map((r) => `Line ${r.row}: ${(upload.reports.get(r.row)?.messages ?? []).join('; ')}`);
  const file = upload.file;
  const canUpload =
    upload.checked && phase === 'idle' && file !== null && lineErrors.length === 0 && fileErrors.length === 0;

  const send = async () => {
    if (!file || !canUpload) return;
    setOutcome(null);
    setPhase('sending');
    try {
      const link = await requestUploadLink(file.name);
      await putForecastFile(link.url, file);
      setPhase('processing');
      const final = await followUpload(() => uploadStatus(link.uploadId), setState);
      if (!final)
        setOutcome({
          tone: 'info',
          text: `The file was received and is still being processed (upload ${link.uploadId}). Check the forecast view in a few minutes.`,
        });
      else if (final.state === 'applied') setOutcome({ tone: 'success', text: appliedText(final) });
      else
        setOutcome({ tone: 'error', text: 'The forecast was not stored. Fix these lines and upload the file again:' });
    } catch (err) {
      setOutcome({
        tone: 'error',
        text: err instanceof UploadRefused ? err.message : messageOf(err, 'The forecast could not be uploaded'),
      });
    } finally {
      setPhase('done');
      setPickerKey((k) => k + 1);
    }
  };

  const sending = phase === 'sending' || phase === 'processing';

  return (
    <Flex direction="column" gap="1rem">
      <Text>
        Columns: Item, AllocationDate, Quantity, ProductionDate. Dates are YYYY/MM/DD. The file is stored, then checked
        again and applied; this page follows it until its rows are stored.
      </Text>
      <Flex alignItems="center" gap="1rem" wrap="wrap">
        <FileInput
          key={pickerKey}
          label="Forecast CSV"
          accept=".csv,text/csv"
          onFile={onFile}
          disabled={checking || sending}
        />
        {/* Upload Forecast starts by asking for the upload link: that call's action decides. */}
        <Guard call="GET /forecast/upload/url">
          {(refused) => (
            <Button
              variation="primary"
              onClick={() => void send()}
              isDisabled={refused || !canUpload}
              isLoading={sending}
              loadingText="Uploading…"
            >
              Upload Forecast
            </Button>
          )}
        </Guard>
        {holdovers.length > 0 ? (
          <Button onClick={() => setShowHoldover(true)}>Holdover warnings ({holdovers.length})</Button>
        ) : null}
        {checking ? <Text>Checking {count(upload.rows.length, 'row')}…</Text> : null}
      </Flex>
      <ErrorPanel heading="The file has problems" messages={fileErrors} />
      <ErrorPanel heading={`Errors (${lineErrors.length})`} listLabel="Line errors" messages={lineErrors} />
      {state && phase === 'processing' ? (
        <Alert variation="info">{STATE_TEXT[state.state] ?? state.state}</Alert>
      ) : null}
      {outcome ? (
        <Alert variation={outcome.tone} role={outcome.tone === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </Alert>
      ) : null}
      {state?.state === 'failed' ? (
        <ErrorPanel heading="Lines not stored" listLabel="Ingest errors" messages={state.errors} />
      ) : null}
      {showHoldover ? (
        <MessageDialog
          title="Holdover Alert"
          text="These items are produced more than 1 day from their allocation. You can still upload the file."
          items={holdovers}
          listLabel="Holdover warnings"
          onClose={() => setShowHoldover(false)}
        />
      ) : null}
      <UploadPreviewTable
        label="Forecast preview"
        fileName={upload.fileName}
        rows={upload.rows}
        columns={checkedColumns(upload.reports, PREVIEW_COLUMNS)}
        highlight={(r) =>
          upload.reports.get(r.row)?.status === 'invalid'
            ? 'error'
            : upload.reports.get(r.row)?.warnings?.length
              ? 'warning'
              : undefined
        }
      />
    </Flex>
  );
}
