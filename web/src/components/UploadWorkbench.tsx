import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { download } from '@/lib/csv';
import {
  commitInBatches,
  invalidRowsCsv,
  readFile,
  type CommitResult,
  type DryRun,
  type FileRow,
  type RowReport,
  type UploadBody,
} from '@/lib/upload-pipeline';
import { DataTable, type DataColumn } from './DataTable';
import { ErrorPanel } from './ErrorPanel';
import { ProgressBar } from './ProgressBar';
import { StatusIcon } from './StatusIcon';

export interface UploadWorkbenchProps {
  /** Accessible name of the preview table, e.g. 'Locations to import'. */
  previewLabel: string;
  /** File columns shown in the preview (the server sees every column). */
  previewColumns: { col: string; title: string }[];
  dryRun: (body: UploadBody) => Promise<DryRun>;
  commit: (batch: UploadBody) => Promise<{ results: CommitResult[] }>;
  commitLabel: string;
  committingLabel?: string;
  /**
   * Whether valid rows may go while others are invalid (the spec allows it
   * for bulk locations). Otherwise any invalid row blocks the commit.
   */
  validRowsGoAlone: boolean;
  /** The server's message for a failed call, else the fallback. */
  messageOf: (err: unknown, fallback: string) => string;
  /** Outcome line after a commit, from the counts. */
  outcomeText?: (written: number, failed: number) => string;
  help?: ReactNode;
  fileLabel?: string;
  /** Heading over the invalid rows' messages. */
  invalidHeading?: string;
}

const STATUS_TEXT: Record<RowReport['status'], string> = { new: 'new', change: 'will change', unchanged: 'unchanged', invalid: 'invalid' };

interface Upload {
  fileName: string;
  uploadId: string;
  rows: FileRow[];
  reports: Map<number, RowReport>;
  summary: string | null;
}

const EMPTY: Upload = { fileName: '', uploadId: '', rows: [], reports: new Map(), summary: null };

/**
 * The browser side of every file upload: read the file at once (CSV or
 * XLSX), show the server's dry run (status icon, diff and messages per row,
 * a summary), list and download the invalid rows, then commit in batches with
 * a progress bar. Written rows leave; failed rows stay with their message.
 */
export function UploadWorkbench(props: UploadWorkbenchProps) {
  const [upload, setUpload] = useState<Upload>(EMPTY);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setOutcome(null);
    setFileErrors([]);
    setUpload(EMPTY);
    if (!file) return;
    let read: { rows: FileRow[]; errors: string[] };
    try {
      read = await readFile(file);
    } catch {
      setFileErrors(['The file could not be read. Choose a CSV or .xlsx file.']);
      return;
    }
    setFileErrors(read.errors);
    if (read.rows.length === 0) {
      if (read.errors.length === 0) setFileErrors(['The file has no rows.']);
      return;
    }
    // One id per chosen file: a retried commit of it is recognised by the server.
    const uploadId = crypto.randomUUID();
    setUpload({ fileName: file.name, uploadId, rows: read.rows, reports: new Map(), summary: null });
    setChecking(true);
    try {
      const dry = await props.dryRun({ uploadId, fileName: file.name, rows: read.rows });
      setUpload((u) => ({ ...u, reports: new Map(dry.rows.map((r) => [r.row, r])), summary: dry.summaryText }));
    } catch (err) {
      setFileErrors((e2) => [...e2, props.messageOf(err, 'The file could not be checked')]);
    } finally {
      setChecking(false);
    }
  };

  const statusOf = (r: FileRow) => upload.reports.get(r.row)?.status;
  const ready = upload.rows.filter((r) => statusOf(r) === 'new' || statusOf(r) === 'change');
  const invalid = upload.rows.filter((r) => statusOf(r) === 'invalid');
  const blocked = !props.validRowsGoAlone && invalid.length > 0;

  const commit = async () => {
    if (ready.length === 0 || blocked) return;
    setOutcome(null);
    const results = await commitInBatches(
      { uploadId: upload.uploadId, fileName: upload.fileName, rows: ready },
      props.commit,
      (done, total) => setProgress({ done, total }),
      (row) => upload.reports.get(row)?.group,
    );
    const byRow = new Map(results.map((r) => [r.row, r]));
    setUpload((u) => {
      const reports = new Map(u.reports);
      for (const r of results.filter((x) => x.status === 'failed')) {
        reports.set(r.row, { row: r.row, key: r.key, status: 'invalid', messages: [r.message ?? 'Not written'], diff: reports.get(r.row)?.diff ?? [] });
      }
      const gone = (row: number) => ['written', 'unchanged'].includes(byRow.get(row)?.status ?? '');
      // The dry run's summary described the file before the commit; the outcome line replaces it.
      return { ...u, rows: u.rows.filter((r) => !gone(r.row)), reports, summary: null };
    });
    const written = results.filter((r) => r.status === 'written').length;
    const failed = results.filter((r) => r.status === 'failed').length;
    setOutcome(props.outcomeText?.(written, failed) ?? `${written} written, ${failed} failed.`);
    setProgress(null);
  };

  const busy = checking || progress !== null;
  const columns: DataColumn<FileRow>[] = [
    {
      id: 'status',
      header: 'Status',
      width: '5rem',
      value: (r) => (upload.reports.get(r.row) ? STATUS_TEXT[upload.reports.get(r.row)!.status] : 'checking'),
      cell: (r) => {
        const report = upload.reports.get(r.row);
        const message = report?.messages.join('; ') ?? '';
        const icon = !report ? 'pending' : report.status === 'invalid' ? 'invalid' : 'valid';
        return <StatusIcon status={icon} title={report ? `${STATUS_TEXT[report.status]}${message ? `: ${message}` : ''}` : undefined} />;
      },
    },
    { id: 'row', header: 'Row', width: '4rem', value: (r) => r.row },
    ...props.previewColumns.map((c) => ({ id: `col:${c.col}`, header: c.title, value: (r: FileRow) => r.values[c.col] ?? '' })),
    {
      id: 'message',
      header: 'Message or change',
      value: (r) => {
        const report = upload.reports.get(r.row);
        if (!report) return '';
        return [...report.messages, ...(report.warnings ?? []), ...report.diff.map((d) => `${d.attribute}: ${d.oldValue} → ${d.newValue}`)].join('; ');
      },
    },
  ];

  return (
    <Flex direction="column" gap="1rem">
      {props.help}
      <Flex alignItems="center" gap="1rem" wrap="wrap">
        <label htmlFor="upload-workbench-file">
          <Text as="span" fontWeight="bold">
            {props.fileLabel ?? 'CSV or Excel file'}
          </Text>
        </label>
        <input id="upload-workbench-file" type="file" accept=".csv,text/csv,.xlsx" onChange={onFile} disabled={busy} />
      </Flex>
      <ErrorPanel heading="The file has problems" messages={fileErrors} />

      <Flex gap="1rem" alignItems="center" wrap="wrap">
        <Button
          variation="primary"
          onClick={commit}
          isDisabled={ready.length === 0 || busy || blocked}
          isLoading={progress !== null}
          loadingText={props.committingLabel ?? 'Uploading…'}
        >
          {props.commitLabel}
        </Button>
        <Button
          onClick={() => download(`invalid-${upload.fileName.replace(/\.\w+$/, '')}.csv`, invalidRowsCsv(invalid, upload.reports))}
          isDisabled={invalid.length === 0}
        >
          Download invalid rows
        </Button>
        <Text>
          {upload.rows.length} rows{checking ? ', checking…' : upload.summary ? `: ${upload.summary}` : ''}
        </Text>
        {outcome ? <Text role="status">{outcome}</Text> : null}
      </Flex>
      {blocked ? <Text color="font.error">Fix the invalid rows and choose the file again: this upload goes whole or not at all.</Text> : null}
      {progress ? <ProgressBar label="Sending" value={progress.done} max={progress.total} unit="batches" /> : null}

      <ErrorPanel
        variation="warning"
        heading={props.invalidHeading ?? 'These rows will not be written'}
        listLabel="Invalid rows"
        messages={invalid.map((r) => `Row ${r.row}: ${(upload.reports.get(r.row)?.messages ?? []).join('; ')}`)}
      />

      {upload.rows.length > 0 ? (
        <DataTable
          label={props.previewLabel}
          data={upload.rows}
          columns={columns}
          getRowId={(r) => String(r.row)}
          noun="rows"
          height="60vh"
          highlight={(r) => (statusOf(r) === 'invalid' ? 'error' : statusOf(r) === 'change' ? 'info' : undefined)}
          exportFileName={`checked-${upload.fileName.replace(/\.\w+$/, '')}.csv`}
        />
      ) : null}
      <style>{'@keyframes fc-spin { to { transform: rotate(360deg); } }'}</style>
    </Flex>
  );
}
