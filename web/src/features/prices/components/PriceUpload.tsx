import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { ErrorPanel } from '@/components/ErrorPanel';
import { Modal } from '@/components/Modal';
import { ProgressBar } from '@/components/ProgressBar';
import { download } from '@/lib/csv';
import { errorMessage } from '@/lib/api';
import { commitInBatches, invalidRowsCsv, readFile, type FileRow, type RowReport } from '@/lib/upload-pipeline';
import { BackendSchemaError, dryRunPrices, updateItemPrices } from '../api/price-upload';

const COLUMNS = ['schemaId', 'item', 'price'];
const STATUS: Record<RowReport['status'], string> = { invalid: 'Invalid', new: 'Will Update', change: 'Will Update', unchanged: 'No Change' };
type Dialog = { title: string; text: string; details?: string[] } | null;

/** /csv-pricing (3-planning §2, §4, §5, §8): check the file, preview, Submit the updates in batches of 100. */
export function PriceUpload() {
  const [file, setFile] = useState<{ name: string; uploadId: string; rows: FileRow[] } | null>(null);
  const [reports, setReports] = useState<Map<number, RowReport>>(new Map());
  const [summary, setSummary] = useState('');
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const input = useRef<HTMLInputElement>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    setFile(null);
    setReports(new Map());
    setSummary('');
    setFileErrors([]);
    if (!chosen) return;
    const read = await readFile(chosen).catch(() => ({ rows: [] as FileRow[], errors: ['The file could not be read. Choose a CSV or .xlsx file.'] }));
    const missing = read.rows.length ? COLUMNS.filter((c) => !(c in read.rows[0].values)) : [];
    const errors = [...read.errors, ...(missing.length ? [`Missing required columns: ${missing.join(', ')}`] : [])];
    if (read.rows.length === 0 && errors.length === 0) errors.push('The file has no rows.');
    setFileErrors(errors);
    if (read.rows.length === 0 || missing.length) return;
    const uploadId = crypto.randomUUID();
    setFile({ name: chosen.name, uploadId, rows: read.rows });
    setChecking(true);
    try {
      const dry = await dryRunPrices({ uploadId, fileName: chosen.name, rows: read.rows });
      setReports(new Map(dry.rows.map((r) => [r.row, r])));
      setSummary(dry.summaryText);
    } catch {
      setDialog({ title: 'Error Fetching Current Prices', text: 'Failed to fetch current prices for comparison. Please try again.' });
    } finally {
      setChecking(false);
    }
  };

  const rows = file?.rows ?? [];
  const statusOf = (r: FileRow) => reports.get(r.row)?.status;
  const invalid = rows.filter((r) => statusOf(r) === 'invalid');
  const updates = rows.filter((r) => statusOf(r) === 'new' || statusOf(r) === 'change');
  const checked = reports.size > 0;
  const noUpdates = checked && invalid.length === 0 && updates.length === 0;

  const submit = async () => {
    if (!file || invalid.length > 0 || updates.length === 0) return;
    let message = '';
    try {
      const results = await commitInBatches(
        { uploadId: file.uploadId, fileName: file.name, rows: updates },
        async (batch) => {
          const answer = await updateItemPrices(batch);
          message = answer.message;
          return answer;
        },
        (done, total) => setProgress({ done, total }),
      );
      const failed = results.filter((r) => r.status === 'failed');
      const written = results.length - failed.length;
      if (failed.length > 0) {
        setDialog({ title: 'Update Failed', text: `${failed.length} of ${results.length} prices were not updated.`, details: failed.map((f) => `Line ${f.row}: ${f.message ?? ''}`) });
        setReports((m) => {
          const next = new Map(m);
          failed.forEach((f) => next.set(f.row, { row: f.row, key: f.key, status: 'invalid', messages: [f.message ?? 'Not updated'], diff: [] }));
          return next;
        });
        setFile((f) => (f ? { ...f, rows: f.rows.filter((r) => failed.some((x) => x.row === r.row)) } : f));
      } else {
        setDialog({ title: 'Success', text: results.length > 100 || !message ? `Successfully updated ${written} item prices.` : message });
        setFile(null);
        setReports(new Map());
        if (input.current) input.current.value = '';
      }
    } catch (e) {
      if (e instanceof BackendSchemaError) setDialog({ title: 'Backend Schema Error', text: e.message });
      else setDialog({ title: 'Update Failed', text: errorMessage(e, 'The prices could not be updated.') });
    } finally {
      setProgress(null);
    }
  };

  const columns: DataColumn<FileRow>[] = [
    { id: 'line', header: 'Line #', width: '5rem', value: (r) => r.row },
    { id: 'status', header: 'Status', width: '8rem', value: (r) => (statusOf(r) ? STATUS[statusOf(r)!] : 'Checking') },
    ...COLUMNS.map((c) => ({ id: c, header: c, value: (r: FileRow) => r.values[c] ?? '' })),
    {
      id: 'change',
      header: 'Change Status',
      value: (r) => {
        const rep = reports.get(r.row);
        if (!rep || rep.status === 'invalid') return '';
        if (rep.status === 'new') return 'New item';
        return rep.diff.map((d) => `${d.oldValue} → ${d.newValue}`).join('; ') || 'Same price';
      },
    },
    { id: 'validation', header: 'Validation', value: (r) => reports.get(r.row)?.messages.join('; ') ?? '' },
  ];

  return (
    <Flex direction="column" gap="1rem">
      <Text>Columns: schemaId, item (uppercase letters, digits, underscores), price (0 or more, at most 2 decimals).</Text>
      <Flex alignItems="center" gap="1rem" wrap="wrap">
        <label htmlFor="price-file">
          <Text as="span" fontWeight="bold">
            Price file
          </Text>
        </label>
        <input id="price-file" ref={input} type="file" accept=".csv,text/csv,.xlsx" onChange={(e) => void onFile(e)} disabled={checking || progress !== null} />
        <Button variation="primary" onClick={() => void submit()} isDisabled={!checked || invalid.length > 0 || updates.length === 0 || progress !== null} isLoading={progress !== null} loadingText="Updating…">
          {`Submit (${updates.length} updates)`}
        </Button>
        <Button onClick={() => download(`invalid-${(file?.name ?? 'prices').replace(/\.\w+$/, '')}.csv`, invalidRowsCsv(invalid, reports))} isDisabled={invalid.length === 0}>
          Download invalid rows
        </Button>
        <Text>{checking ? `Checking ${rows.length} rows…` : summary ? `${rows.length} rows: ${summary}` : ''}</Text>
      </Flex>
      <ErrorPanel heading="The file has problems" messages={fileErrors} />
      {noUpdates ? <Alert variation="warning">No Updates Needed</Alert> : null}
      {invalid.length > 0 ? <Text color="font.error">Fix the invalid rows and choose the file again: Submit needs every row valid.</Text> : null}
      {progress ? <ProgressBar label="Updating" value={progress.done} max={progress.total} unit="batches" /> : null}
      {rows.length > 0 ? (
        <DataTable
          label="Price preview"
          data={rows}
          columns={columns}
          getRowId={(r) => String(r.row)}
          noun="rows"
          height="60vh"
          highlight={(r) => (statusOf(r) === 'invalid' ? 'error' : statusOf(r) === 'new' || statusOf(r) === 'change' ? 'info' : undefined)}
          exportFileName={`checked-${(file?.name ?? 'prices').replace(/\.\w+$/, '')}.csv`}
        />
      ) : null}
      {dialog ? (
        <Modal title={dialog.title} role="alertdialog" onCancel={() => setDialog(null)} footer={<Button data-autofocus onClick={() => setDialog(null)}>Close</Button>}>
          <Text>{dialog.text}</Text>
          {dialog.details?.length ? (
            <ul aria-label="Details">
              {dialog.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          ) : null}
        </Modal>
      ) : null}
    </Flex>
  );
}
