import { useRef, useState } from 'react';
import { newUploadId, type UploadId } from '@/lib/brands';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { ErrorPanel } from '@/components/ErrorPanel';
import { FileInput } from '@/components/FileInput';
import { ProgressBar } from '@/components/ProgressBar';
import { Guard } from '@/components/Guard';
import { useAccess, useRefusal } from '@/lib/access';
import { isForbidden } from '@/lib/api';
import { isCsv, readFile, type FileRow } from '@/lib/upload-pipeline';
import { messageOf } from '@/lib/error-message';
import { SHOWS_OWN_ERRORS } from '@/lib/prohibited';
import { archivePars } from '../api/archive-pars';
import { dryRunPars } from '../api/dry-run-pars';
import { orderCountsKey, parsUploadLookups } from '../api/pars-lookups';
import { uploadParMaps } from '../api/upload-par-maps';
import { COLUMNS, errorGroups, LOAD_STEPS, MESSAGES, PREVIEW_ROWS, type ParGroup } from '../lib/par-groups';
import { LOAD_EXISTING_ORDERS_FAILURE } from '@/lib/messages';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * /pars/upload (3-planning §2, §4): load, pick, check, preview, Upload Pars in
 * the chunks of whole orders the check answered (the server groups, once).
 */
export function ParsUpload() {
  const access = useAccess();
  // The lookup needs the ops locations and the orders: a user without either is not asked to wait for it.
  const locationsRefusal = useRefusal('opsLocations');
  const ordersRefusal = useRefusal('fridgeOrderCounts');
  const lookupRefusal = locationsRefusal ?? ordersRefusal;
  const lookupAllowed = access.isLoading ? null : lookupRefusal === undefined;
  // `source` is the chosen file itself: its archive copy is its own text, not a rebuild.
  // `chunks` are the orders as the server's check grouped and chunked them: what Upload Pars sends.
  const [file, setFile] = useState<{
    name: string;
    rows: FileRow[];
    uploadId: UploadId;
    source: File;
    chunks: ParGroup[][];
  } | null>(null);
  const [errors, setErrors] = useState<{ title: string; messages: string[] }[]>([]);
  // The server's dry run of a chosen file; its failure is the screen's own message.
  const dryRun = useMutation({ mutationFn: dryRunPars, meta: SHOWS_OWN_ERRORS });
  const checking = dryRun.isPending;
  const [sent, setSent] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const input = useRef<HTMLInputElement>(null);

  // The loading phase: the ops locations and the orders of today plus 14 days (16 steps; the 15 days are counted
  // by one call), asked for at once and already on their way when the route preloads them (issue 63). A refused or
  // failed lookup is not '0 orders' (issue 22): the count stays unknown.
  const queryClient = useQueryClient();
  const steps = lookupAllowed === true ? parsUploadLookups(queryClient) : [];
  const lookups = useQueries({
    queries: steps.map((s) => s.query),
    combine: (results) => {
      const done = results.length > 0 && results.every((r) => r.isSuccess);
      return {
        loaded: results.reduce((sum, r, i) => sum + (r.isSuccess ? (steps[i]?.steps ?? 0) : 0), 0),
        failure: results.find((r) => r.isError)?.error ?? null,
        // The first lookup counts the ops locations, the second the orders.
        existing: done ? (results[1]?.data ?? 0) : null,
      };
    },
  });
  const { loaded, existing } = lookups;
  const lookupRefused = lookups.failure !== null && isForbidden(lookups.failure);
  const loadError =
    lookups.failure !== null && !lookupRefused ? messageOf(lookups.failure, LOAD_EXISTING_ORDERS_FAILURE) : null;

  const clearFile = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const onFile = async (chosen: File | null) => {
    setOutcome(null);
    setErrors([]);
    setFile(null);
    if (!chosen) return;
    const read = await readFile(chosen).catch((err: unknown) => ({ rows: [] as FileRow[], errors: [String(err)] }));
    if (read.errors.length > 0) {
      setOutcome({ tone: 'error', text: `${MESSAGES.csvIssue} Error: ${read.errors.join('; ')}` });
      clearFile();
      return;
    }
    const uploadId = newUploadId();
    try {
      const dry = await dryRun.mutateAsync({ uploadId, fileName: chosen.name, rows: read.rows });
      const groups = errorGroups(dry.rows);
      setErrors(groups);
      // A file with errors is cleared (§4); the errors stay.
      if (groups.length > 0) clearFile();
      else setFile({ name: chosen.name, rows: read.rows, uploadId, source: chosen, chunks: dry.chunks });
    } catch (err) {
      setOutcome({
        tone: 'error',
        text: `${MESSAGES.csvIssue} Error: ${messageOf(err, 'the file could not be checked')}`,
      });
      clearFile();
    }
  };

  /**
   * Keeps the chosen CSV byte for byte (issue 20: a rebuild from the parsed
   * rows lost a header in another case). An .xlsx is not text, so it is not
   * kept. A failure is only logged (§4).
   */
  const archive = async ({ uploadId, name, source }: { uploadId: UploadId; name: string; source: File }) => {
    if (!isCsv(name)) return;
    try {
      await archivePars({ uploadId, fileName: name, csv: await source.text() });
    } catch (e) {
      console.error('par file not kept', e);
    }
  };

  const uploadPars = async () => {
    if (!file) return;
    const parts = file.chunks;
    setSent({ done: 0, total: parts.length });
    try {
      const answers = await Promise.all(
        parts.map(async (groups) => {
          const a = await uploadParMaps(file.uploadId, groups);
          setSent((s) => (s ? { ...s, done: s.done + 1 } : s));
          return a;
        }),
      );
      const failed = answers.flatMap((a) => a.results.filter((r) => r.status !== 'written'));
      if (answers.every((a) => a.success)) {
        setOutcome({ tone: 'success', text: MESSAGES.complete });
        void archive(file);
        // The orders just written count among those that already exist.
        void queryClient.invalidateQueries({ queryKey: orderCountsKey });
      } else {
        setOutcome({ tone: 'error', text: MESSAGES.csvIssue });
        setErrors(failed.map((r) => ({ title: `${r.key} - has an error:`, messages: r.messages ?? [] })));
      }
    } catch (err) {
      setOutcome({ tone: 'error', text: `${MESSAGES.failed} ${messageOf(err, '')}`.trim() });
    } finally {
      setSent(null);
      clearFile(); // after every attempt (§4)
    }
  };

  const errorCount = errors.reduce((n, g) => n + g.messages.length, 0);
  const columns: DataColumn<FileRow>[] = [
    { id: 'row', header: 'Row', value: (r) => r.row, width: '4rem' },
    ...COLUMNS.map((c) => ({ id: c, header: c, value: (r: FileRow) => r.values[c] ?? '' })),
  ];

  const lookupDone = lookupAllowed === false || lookupRefused || loadError !== null || existing !== null;
  if (lookupAllowed === null || !lookupDone) {
    return <ProgressBar label="Loading existing orders" value={loaded} max={LOAD_STEPS} unit="steps" />;
  }
  const unknownWhy =
    lookupAllowed === false ? ` ${lookupRefusal}` : lookupRefused ? ' The server refused the lookup.' : '';
  return (
    <Flex direction="column" gap="1rem">
      {loadError ? <Alert variation="error">{loadError}</Alert> : null}
      <Text fontSize="small" color="font.secondary">
        {existing === null
          ? `The number of fridge orders that already exist for today and the next 14 days is unknown.${unknownWhy}`
          : `${existing.toLocaleString('en-US')} ${
              existing === 1 ? 'fridge order already exists' : 'fridge orders already exist'
            } for today and the next 14 days.`}{' '}
        Columns: {COLUMNS.join(', ')}.
      </Text>
      <Flex gap="1rem" alignItems="center" wrap="wrap">
        <FileInput
          ref={input}
          label="CSV file"
          accept=".csv,text/csv,.xlsx"
          onFile={(chosen) => void onFile(chosen)}
          disabled={checking || sent !== null}
        />
        <Guard call="uploadParMaps">
          {(refused) => (
            <Button
              variation="primary"
              onClick={() => void uploadPars()}
              isDisabled={refused || !file || sent !== null}
              isLoading={sent !== null}
              loadingText="Uploading…"
            >
              Upload Pars
            </Button>
          )}
        </Guard>
        <Button
          onClick={() => {
            setErrors([]);
            setOutcome(null);
            clearFile();
            input.current?.click();
          }}
          isDisabled={sent !== null}
        >
          Choose another file
        </Button>
      </Flex>
      {checking ? <Text>Checking the file…</Text> : null}
      {sent ? <ProgressBar label="Uploading pars" value={sent.done} max={sent.total} unit="chunks" /> : null}
      {outcome ? <Alert variation={outcome.tone}>{outcome.text}</Alert> : null}
      {errors.length > 0 ? (
        <section aria-label="Validation Errors">
          <Text fontWeight="bold">Validation Errors ({errorCount})</Text>
          {errors.map((g) => (
            <ErrorPanel key={g.title} heading={g.title} messages={g.messages} />
          ))}
        </section>
      ) : null}
      {file ? (
        <DataTable
          label="Pars to upload"
          data={file.rows.slice(0, PREVIEW_ROWS)}
          total={file.rows.length}
          columns={columns}
          getRowId={(r) => String(r.row)}
          noun="rows"
          height="50vh"
        />
      ) : null}
    </Flex>
  );
}
