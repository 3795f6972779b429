import { useState, type ChangeEvent } from 'react';
import { Alert, Button, Flex, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text, View } from '@aws-amplify/ui-react';
import { commitBulkLocations, dryRunBulkLocations } from '../api/bulk-locations';
import { messageOf } from '../api/error-message';
import { MESSAGES } from '../lib/constants';
import {
  commitInBatches,
  download,
  invalidRowsCsv,
  readFile,
  type FileRow,
  type RowReport,
} from '@/lib/upload-pipeline';
import { StatusIcon } from './StatusIcon';

const ID_COLUMN = 'POS_NAME__c';
const BUSINESS_HOURS_COLUMN = 'Business_Hours__c';
const PREVIEW_COLUMNS: { col: string; title: string }[] = [
  { col: ID_COLUMN, title: 'id' },
  { col: 'Consumer_Friendly_NAme__c', title: 'prettyName' },
  { col: 'Fridge_Street__c', title: 'street' },
  { col: 'Fridge_City__c', title: 'city' },
  { col: 'Fridge_State__c', title: 'state' },
  { col: 'Fridge_Zipcode__c', title: 'zipCode' },
  { col: 'Stocking_Date__c', title: 'onlineDate' },
  { col: BUSINESS_HOURS_COLUMN, title: 'Business hours' },
];
const STATUS_TEXT: Record<RowReport['status'], string> = {
  new: 'new',
  change: 'will change',
  unchanged: 'unchanged',
  invalid: 'invalid',
};

function HelpPanel() {
  return (
    <View as="section" aria-label="Help" padding="1rem" backgroundColor="var(--amplify-colors-background-secondary)" borderRadius="6px">
      <Heading level={5}>How the import works</Heading>
      <Text as="p">
        Choose the locations export of the customer-relationship system as a <strong>CSV or Excel (.xlsx) file</strong>{' '}
        with a header row. The server checks the whole file first (nothing is written): each row shows whether it
        creates a location, is already there unchanged, or is invalid and why.
      </Text>
      <Text as="p">
        Only 24-hour fridges can be imported: a row needs {ID_COLUMN} and {BUSINESS_HOURS_COLUMN} exactly &lsquo;24
        Hours&rsquo;. CRM spellings of the vertical and access type are mapped (e.g. Business &amp; Industry to B&amp;I).
      </Text>
      <Text as="p">
        &lsquo;Create new locations&rsquo; sends the valid rows; invalid rows are left out and stay, with their
        messages, so you can download them, fix them and import them again. Created rows leave the table.
      </Text>
    </View>
  );
}

interface State {
  fileName: string;
  uploadId: string;
  rows: FileRow[];
  reports: Map<number, RowReport>;
  summary: string | null;
}

const EMPTY: State = { fileName: '', uploadId: '', rows: [], reports: new Map(), summary: null };

export function BulkImport() {
  const [state, setState] = useState<State>(EMPTY);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setOutcome(null);
    setFileErrors([]);
    setState(EMPTY);
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
    const uploadId = crypto.randomUUID();
    setState({ fileName: file.name, uploadId, rows: read.rows, reports: new Map(), summary: null });
    setChecking(true);
    try {
      const dry = await dryRunBulkLocations({ uploadId, fileName: file.name, rows: read.rows });
      setState((s) => ({ ...s, reports: new Map(dry.rows.map((r) => [r.row, r])), summary: dry.summaryText }));
    } catch (err) {
      setFileErrors((e2) => [...e2, messageOf(err, 'The file could not be checked')]);
    } finally {
      setChecking(false);
    }
  };

  const ready = state.rows.filter((r) => {
    const s = state.reports.get(r.row)?.status;
    return s === 'new' || s === 'change';
  });
  const invalid = state.rows.filter((r) => state.reports.get(r.row)?.status === 'invalid');

  const commit = async () => {
    if (ready.length === 0) return;
    setOutcome(null);
    const results = await commitInBatches(
      { uploadId: state.uploadId, fileName: state.fileName, rows: ready },
      commitBulkLocations,
      (done, total) => setProgress({ done, total }),
    );
    const byRow = new Map(results.map((r) => [r.row, r]));
    setState((s) => {
      const reports = new Map(s.reports);
      for (const r of results) {
        if (r.status === 'failed') {
          const before = reports.get(r.row);
          reports.set(r.row, { row: r.row, key: r.key, status: 'invalid', messages: [r.message ?? 'Not created'], diff: before?.diff ?? [] });
        }
      }
      const gone = (row: number) => ['written', 'unchanged'].includes(byRow.get(row)?.status ?? '');
      return { ...s, rows: s.rows.filter((r) => !gone(r.row)), reports };
    });
    const written = results.filter((r) => r.status === 'written').length;
    const failed = results.filter((r) => r.status === 'failed').length;
    setOutcome(`${written} created, ${failed} failed.`);
    setProgress(null);
  };

  const busy = checking || progress !== null;
  const errorRows = invalid.map((r) => ({ row: r.row, messages: state.reports.get(r.row)?.messages ?? [] }));

  return (
    <Flex direction="column" gap="1rem">
      <HelpPanel />
      <Flex alignItems="center" gap="1rem" wrap="wrap">
        <label htmlFor="bulk-import-file">
          <Text as="span" fontWeight="bold">
            CSV or Excel file
          </Text>
        </label>
        <input id="bulk-import-file" type="file" accept=".csv,text/csv,.xlsx" onChange={onFile} disabled={busy} />
      </Flex>
      {fileErrors.length > 0 ? (
        <Alert variation="error" heading="The file has problems">
          <ul>
            {fileErrors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <Flex gap="1rem" alignItems="center" wrap="wrap">
        <Button variation="primary" onClick={commit} isDisabled={ready.length === 0 || busy} isLoading={progress !== null} loadingText={MESSAGES.uploading}>
          Create new locations
        </Button>
        <Button onClick={() => download(`invalid-${state.fileName.replace(/\.\w+$/, '')}.csv`, invalidRowsCsv(invalid, state.reports))} isDisabled={invalid.length === 0}>
          Download invalid rows
        </Button>
        <Text>
          {state.rows.length} rows{checking ? ', checking…' : state.summary ? `: ${state.summary}` : ''}
        </Text>
        {outcome ? <Text role="status">{outcome}</Text> : null}
      </Flex>
      {progress ? (
        <label>
          Sending batch {progress.done} of {progress.total}
          <progress aria-label="Upload progress" max={progress.total} value={progress.done} style={{ width: '100%' }} />
        </label>
      ) : null}

      {errorRows.length > 0 ? (
        <Alert variation="warning" heading="These rows will not be created">
          <ul aria-label="Invalid rows">
            {errorRows.map((e) => (
              <li key={e.row}>
                Row {e.row}: {e.messages.join('; ')}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      {state.rows.length > 0 ? (
        <View overflow="auto">
          <Table size="small" highlightOnHover aria-label="Locations to import">
            <TableHead>
              <TableRow>
                <TableCell as="th">Status</TableCell>
                <TableCell as="th">Row</TableCell>
                {PREVIEW_COLUMNS.map((c) => (
                  <TableCell as="th" key={c.col}>
                    {c.title}
                  </TableCell>
                ))}
                <TableCell as="th">Message</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {state.rows.map((r) => {
                const report = state.reports.get(r.row);
                const icon = !report ? 'pending' : report.status === 'invalid' ? 'invalid' : 'valid';
                const message = report?.messages.join('; ') ?? '';
                const diff = report?.diff.map((d) => `${d.attribute}: ${d.oldValue} → ${d.newValue}`).join('; ') ?? '';
                return (
                  <TableRow key={r.row} data-status={report?.status ?? 'pending'}>
                    <TableCell title={report ? STATUS_TEXT[report.status] : 'checking'}>
                      <StatusIcon status={icon} title={report ? `${STATUS_TEXT[report.status]}${message ? `: ${message}` : ''}` : undefined} />
                    </TableCell>
                    <TableCell>{r.row}</TableCell>
                    {PREVIEW_COLUMNS.map((c) => (
                      <TableCell key={c.col}>{r.values[c.col] ?? ''}</TableCell>
                    ))}
                    <TableCell>{message || diff}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </View>
      ) : null}
      <style>{'@keyframes fc-spin { to { transform: rotate(360deg); } }'}</style>
    </Flex>
  );
}
