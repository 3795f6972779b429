import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { ErrorPanel } from '@/components/ErrorPanel';
import { Modal } from '@/components/Modal';
import { StatusIcon } from '@/components/StatusIcon';
import { NOT_CSV, isCsv, parseCsv, type FileRow, type RowReport } from '@/lib/upload-pipeline';
import { messageOf } from '@/features/locations/api/error-message';
import { dryRunForecast, putForecastFile, requestUploadLink, uploadStatus, UploadRefused, type UploadStatus } from '../api/upload-forecast';
import { appliedText, followUpload } from '../lib/follow-upload';

const COLUMNS = ['Item', 'AllocationDate', 'Quantity', 'ProductionDate'];
export { NOT_CSV };
const STATE_TEXT: Record<UploadStatus['state'], string> = {
  waiting: 'Waiting for the file to arrive…',
  received: 'Received; checking and storing the rows…',
  applied: 'Stored.',
  failed: 'Not stored.',
};

type Phase = 'idle' | 'checking' | 'ready' | 'sending' | 'processing' | 'done';

/** /forecast/upload (3-planning §2, §4, §5): pick, check per line, Holdover Alert, Upload Forecast, follow the ingest. */
export function ForecastUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<FileRow[]>([]);
  const [reports, setReports] = useState<Map<number, RowReport>>(new Map());
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [holdovers, setHoldovers] = useState<string[]>([]);
  const [showHoldover, setShowHoldover] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [state, setState] = useState<UploadStatus | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const reset = () => {
    setFile(null);
    setRows([]);
    setReports(new Map());
    setFileErrors([]);
    setHoldovers([]);
    setState(null);
    setPhase('idle');
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    reset();
    setOutcome(null);
    if (!chosen) return;
    if (!isCsv(chosen.name)) {
      setFileErrors([NOT_CSV]);
      if (input.current) input.current.value = '';
      return;
    }
    const parsed = parseCsv(await chosen.text());
    const missing = COLUMNS.filter((c) => parsed.rows.length > 0 && !Object.keys(parsed.rows[0].values).some((k) => k.replace(/^\uFEFF/, '').trim().toLowerCase() === c.toLowerCase()));
    const problems = [...parsed.errors, ...(missing.length ? [`Line 1: Missing column ${missing.join(', ')}`] : [])];
    if (parsed.rows.length === 0 && problems.length === 0) problems.push('The file has no rows');
    setFile(chosen);
    setRows(parsed.rows);
    setFileErrors(problems);
    if (parsed.rows.length === 0 || missing.length) return;
    setPhase('checking');
    try {
      const dry = await dryRunForecast({ uploadId: crypto.randomUUID(), fileName: chosen.name, rows: parsed.rows });
      setReports(new Map(dry.rows.map((r) => [r.row, r])));
      const warnings = dry.rows.flatMap((r) => (r.warnings ?? []).map((w) => `Line ${r.row}: ${w}`));
      setHoldovers(warnings);
      setShowHoldover(warnings.length > 0);
      setPhase('ready');
    } catch (err) {
      setFileErrors((p) => [...p, messageOf(err, 'The file could not be checked')]);
      setPhase('idle');
    }
  };

  const lineErrors = rows
    .map((r) => reports.get(r.row))
    .filter((r): r is RowReport => r?.status === 'invalid')
    .map((r) => `Line ${r.row}: ${r.messages.join('; ')}`);
  const canUpload = phase === 'ready' && file !== null && lineErrors.length === 0 && fileErrors.length === 0;

  const upload = async () => {
    if (!file || !canUpload) return;
    setOutcome(null);
    setPhase('sending');
    try {
      const link = await requestUploadLink(file.name);
      await putForecastFile(link.url, file);
      setPhase('processing');
      const final = await followUpload(() => uploadStatus(link.uploadId), setState);
      if (!final) setOutcome({ tone: 'info', text: `The file was received and is still being processed (upload ${link.uploadId}). Check the forecast view in a few minutes.` });
      else if (final.state === 'applied') setOutcome({ tone: 'success', text: appliedText(final) });
      else setOutcome({ tone: 'error', text: 'The forecast was not stored. Fix these lines and upload the file again:' });
    } catch (err) {
      setOutcome({ tone: 'error', text: err instanceof UploadRefused ? err.message : messageOf(err, 'The forecast could not be uploaded') });
    } finally {
      setPhase('done');
      if (input.current) input.current.value = '';
    }
  };

  const columns: DataColumn<FileRow>[] = [
    {
      id: 'status',
      header: 'Status',
      width: '5rem',
      value: (r) => reports.get(r.row)?.status ?? 'checking',
      cell: (r) => {
        const rep = reports.get(r.row);
        return <StatusIcon status={!rep ? 'pending' : rep.status === 'invalid' ? 'invalid' : 'valid'} title={rep?.messages.join('; ') || rep?.status} />;
      },
    },
    { id: 'line', header: 'Line', width: '4rem', value: (r) => r.row },
    ...COLUMNS.map((c) => ({ id: c, header: c, value: (r: FileRow) => r.values[c] ?? '' })),
    {
      id: 'message',
      header: 'Message or change',
      value: (r) => {
        const rep = reports.get(r.row);
        if (!rep) return '';
        return [...rep.messages, ...(rep.warnings ?? []), ...rep.diff.map((d) => `${d.attribute}: ${d.oldValue} → ${d.newValue}`)].join('; ');
      },
    },
  ];
  const busy = phase === 'checking' || phase === 'sending' || phase === 'processing';

  return (
    <Flex direction="column" gap="1rem">
      <Text>
        Columns: Item, AllocationDate, Quantity, ProductionDate. Dates are YYYY/MM/DD. The file is stored, then checked again and applied; this page
        follows it until its rows are stored.
      </Text>
      <Flex alignItems="center" gap="1rem" wrap="wrap">
        <label htmlFor="forecast-file">
          <Text as="span" fontWeight="bold">
            Forecast CSV
          </Text>
        </label>
        <input id="forecast-file" ref={input} type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e)} disabled={busy} />
        <Button variation="primary" onClick={() => void upload()} isDisabled={!canUpload} isLoading={phase === 'sending' || phase === 'processing'} loadingText="Uploading…">
          Upload Forecast
        </Button>
        {holdovers.length > 0 ? <Button onClick={() => setShowHoldover(true)}>Holdover warnings ({holdovers.length})</Button> : null}
        {phase === 'checking' ? <Text>Checking {rows.length} rows…</Text> : null}
      </Flex>
      <ErrorPanel heading="The file has problems" messages={fileErrors} />
      <ErrorPanel heading={`Errors (${lineErrors.length})`} listLabel="Line errors" messages={lineErrors} />
      {state && phase === 'processing' ? <Alert variation="info">{STATE_TEXT[state.state]}</Alert> : null}
      {outcome ? (
        <Alert variation={outcome.tone} role={outcome.tone === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </Alert>
      ) : null}
      {state?.state === 'failed' ? <ErrorPanel heading="Lines not stored" listLabel="Ingest errors" messages={state.errors} /> : null}
      {showHoldover ? (
        <Modal title="Holdover Alert" role="alertdialog" onCancel={() => setShowHoldover(false)} footer={<Button data-autofocus onClick={() => setShowHoldover(false)}>Close</Button>}>
          <Text>These items are produced more than 1 day from their allocation. You can still upload the file.</Text>
          <ul aria-label="Holdover warnings">
            {holdovers.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </Modal>
      ) : null}
      {rows.length > 0 ? (
        <DataTable
          label="Forecast preview"
          data={rows}
          columns={columns}
          getRowId={(r) => String(r.row)}
          noun="rows"
          height="60vh"
          highlight={(r) => (reports.get(r.row)?.status === 'invalid' ? 'error' : reports.get(r.row)?.warnings?.length ? 'warning' : undefined)}
          exportFileName={`checked-${(file?.name ?? 'forecast').replace(/\.\w+$/, '')}.csv`}
        />
      ) : null}
    </Flex>
  );
}
