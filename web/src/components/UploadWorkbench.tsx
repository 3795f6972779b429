import { useState, type ReactNode } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { commitInBatches, type CommitResult, type DryRun, type UploadBody } from '@/lib/upload-pipeline';
import { count } from '@/lib/count';
import { Guard } from '@/components/Guard';
import { checkedColumns } from './checked-columns';
import { ErrorPanel } from './ErrorPanel';
import { FileInput } from './FileInput';
import { InvalidRowsDownload } from './InvalidRowsDownload';
import { ProgressBar } from './ProgressBar';
import { UploadPreviewTable } from './UploadPreviewTable';
import { useUploadCheck } from './useUploadCheck';

export interface UploadWorkbenchProps {
  /** Accessible name of the preview table, e.g. 'Locations to import'. */
  previewLabel: string;
  /** File columns shown in the preview (the server sees every column). */
  previewColumns: { col: string; title: string }[];
  dryRun: (body: UploadBody) => Promise<DryRun>;
  commit: (batch: UploadBody) => Promise<{ results: CommitResult[] }>;
  commitLabel: string;
  /**
   * The call the commit makes (a GraphQL field or `METHOD /path` of the
   * server's registry, e.g. 'POST /locations/bulk/commit'): for a user without
   * its action the commit button is disabled, with the reason as its tooltip.
   */
  call?: string;
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

/**
 * The browser side of every file upload: read the file at once (CSV or
 * XLSX), show the server's dry run (status icon, diff and messages per row,
 * a summary), list and download the invalid rows, then commit in batches with
 * a progress bar. Written rows leave; failed rows stay with their message.
 * Screens with a commit of their own build on its parts: useUploadCheck,
 * UploadPreviewTable, checkedColumns, InvalidRowsDownload.
 */
export function UploadWorkbench(props: UploadWorkbenchProps) {
  const { upload, setUpload, fileErrors, checking, choose, statusOf, ready, invalid } = useUploadCheck({
    dryRun: props.dryRun,
    dryRunProblem: (err) => props.messageOf(err, 'The file could not be checked'),
  });
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const blocked = !props.validRowsGoAlone && invalid.length > 0;

  const commit = async () => {
    if (ready.length === 0 || blocked) return;
    setOutcome(null);
    const results = await commitInBatches(
      { uploadId: upload.uploadId, fileName: upload.fileName, rows: ready, groups: upload.groups },
      props.commit,
      (done, total) => setProgress({ done, total }),
      (row) => upload.reports.get(row)?.group ?? undefined,
    );
    const byRow = new Map(results.map((r) => [r.row, r]));
    setUpload((u) => {
      const reports = new Map(u.reports);
      for (const r of results.filter((x) => x.status === 'failed')) {
        reports.set(r.row, {
          row: r.row,
          key: r.key,
          status: 'invalid',
          messages: [r.message ?? 'Not written'],
          diff: reports.get(r.row)?.diff ?? [],
        });
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
  const commitButton = (refused: boolean) => (
    <Button
      variation="primary"
      onClick={commit}
      isDisabled={refused || ready.length === 0 || busy || blocked}
      isLoading={progress !== null}
      loadingText={props.committingLabel ?? 'Uploading…'}
    >
      {props.commitLabel}
    </Button>
  );

  // The file is checked by a dry run that needs the commit's action too: no use choosing one without it.
  const fileInput = (refused: boolean) => (
    <FileInput
      label={props.fileLabel ?? 'CSV or Excel file'}
      accept=".csv,text/csv,.xlsx"
      onFile={(file) => {
        setOutcome(null);
        void choose(file);
      }}
      disabled={busy || refused}
    />
  );

  return (
    <Flex direction="column" gap="1rem">
      {props.help}
      <Flex alignItems="center" gap="1rem" wrap="wrap">
        {props.call ? <Guard call={props.call}>{fileInput}</Guard> : fileInput(false)}
      </Flex>
      <ErrorPanel heading="The file has problems" messages={fileErrors} />

      <Flex gap="1rem" alignItems="center" wrap="wrap">
        {props.call ? <Guard call={props.call}>{commitButton}</Guard> : commitButton(false)}
        <InvalidRowsDownload fileName={upload.fileName} rows={invalid} reports={upload.reports} />
        <Text>
          {count(upload.rows.length, 'row')}
          {checking ? ', checking…' : upload.summary ? `: ${upload.summary}` : ''}
        </Text>
        {outcome ? <Text role="status">{outcome}</Text> : null}
      </Flex>
      {blocked ? (
        <Text color="font.error">
          Fix the invalid rows and choose the file again: this upload goes whole or not at all.
        </Text>
      ) : null}
      {progress ? <ProgressBar label="Sending" value={progress.done} max={progress.total} unit="batches" /> : null}

      <ErrorPanel
        variation="warning"
        heading={props.invalidHeading ?? 'These rows will not be written'}
        listLabel="Invalid rows"
        messages={invalid.map((r) => `Row ${r.row}: ${(upload.reports.get(r.row)?.messages ?? []).join('; ')}`)}
      />

      <UploadPreviewTable
        label={props.previewLabel}
        fileName={upload.fileName}
        rows={upload.rows}
        columns={checkedColumns(upload.reports, { fileColumns: props.previewColumns })}
        highlight={(r) => (statusOf(r) === 'invalid' ? 'error' : statusOf(r) === 'change' ? 'info' : undefined)}
      />
    </Flex>
  );
}
