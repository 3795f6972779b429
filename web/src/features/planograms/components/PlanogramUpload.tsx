import { useEffect, useMemo, useState } from 'react';
import { newUploadId, type UploadId } from '@/lib/brands';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { ErrorPanel } from '@/components/ErrorPanel';
import { FileInput } from '@/components/FileInput';
import { InfoTip } from '@/components/InfoTip';
import { ProgressBar } from '@/components/ProgressBar';
import { Guard } from '@/components/Guard';
import { errorMessage, isForbidden } from '@/lib/api';
import { reportIfProhibited, reportProhibited } from '@/lib/prohibited';
import { download } from '@/lib/csv';
import {
  dryRunProblems,
  fileSizeProblem,
  isCsv,
  NOT_CSV,
  parseCsv,
  runBatches,
  type DryRun,
  type FileRow,
} from '@/lib/upload-pipeline';
import { count } from '@/lib/count';
import { PLANOGRAM_NAMES_KEY } from '@/lib/locations/get-name-lists';
import { planogramKeys } from '../api/get-planogram';
import { dryRunPlanograms } from '../api/dry-run-planograms';
import { schedulePlanogramUpdate } from '../api/schedule-planogram-update';
import {
  checkPlanogramFile,
  columnsOf,
  IN_FLIGHT,
  lineOf,
  lineRanges,
  MESSAGES,
  planBatches,
  REQUEST_TYPES,
  successText,
  templateCsv,
  templateName,
  toInput,
  type RequestType,
} from '../lib/planogram-csv';
import { CHECK_INTERNET, NOT_PROCESSED_CHECK_INTERNET } from '@/lib/messages';

interface ChosenFile {
  /** Names this choice of file (its dry run). */
  id: UploadId;
  name: string;
  rows: FileRow[];
  /** Problems reading the CSV itself (not its rows). */
  errors: string[];
}

/** What the last Submit did: the sum of the batches' successCount and their errors. */
interface Outcome {
  success: number;
  errors: string[];
}

export interface PlanogramUploadProps {
  /** Called after a Submit that scheduled or created rows, with the file's first layout. */
  onSubmitted?: (layoutName: string) => void;
}

/**
 * /planograms (3-planning §2, §4, §5, §7, §8): choose the request type, pick
 * the CSV, see its errors (blocking) and warnings, Submit in batches with a
 * progress bar, then the errors and the count of processed records.
 */
export function PlanogramUpload({ onSubmitted }: PlanogramUploadProps) {
  const queryClient = useQueryClient();
  const [type, setType] = useState<RequestType>('UPDATE');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Remounting the picker clears it after a Submit.
  const [pickerKey, setPickerKey] = useState(0);

  const check = useMemo(() => (file ? checkPlanogramFile(file.rows, type) : null), [file, type]);
  const busy = progress !== null;
  const locallyValid =
    !!file && file.errors.length === 0 && !!check && check.errors.length === 0 && check.rows.length > 0;
  // What only the server knows (the stored layouts, Central time's skipped
  // hours) is checked on the whole file before Submit, by the same rules.
  const dryRun = useQuery({
    queryKey: ['planograms', 'dry-run', file?.id, type],
    queryFn: () =>
      dryRunPlanograms({
        uploadId: file!.id,
        fileName: file!.name,
        rows: check!.rows.map((r) => ({ row: r.row, values: { ...r.values, requestType: type } })),
      }),
    enabled: locallyValid,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const server = serverFindings(dryRun.data, dryRun.error);
  // A check refused for want of permission is told in the kit dialog, not in the form.
  useEffect(() => {
    if (dryRun.error) reportIfProhibited(dryRun.error);
  }, [dryRun.error]);
  const blocked = !locallyValid || dryRun.isPending || server.blocking;

  const onFile = async (chosen: File | null) => {
    setOutcome(null);
    setFile(null);
    setReadError(null);
    if (!chosen) return;
    if (!isCsv(chosen.name)) {
      setReadError(NOT_CSV);
      return;
    }
    // The dry run's bounds, as the server's: a file over them is not read or not sent.
    const tooBig = fileSizeProblem(chosen.size);
    if (tooBig) {
      setReadError(tooBig);
      return;
    }
    try {
      // A short row has its own rule message ('At least one input missing...').
      const parsed = parseCsv(await chosen.text(), { ignore: ['TooFewFields', 'TooManyFields'] });
      const id = newUploadId();
      const bounds = dryRunProblems({ uploadId: id, fileName: chosen.name, rows: parsed.rows });
      setFile({
        id,
        name: chosen.name,
        rows: bounds.length > 0 ? [] : parsed.rows,
        errors: [...parsed.errors, ...bounds],
      });
    } catch {
      setReadError('The file could not be read. Choose a CSV file.');
    }
  };

  const submit = async () => {
    if (!file || !check || blocked || busy) return;
    // One id for the whole file: a retried batch is recognised, never applied twice.
    const uploadId = newUploadId();
    const batches = planBatches(check.rows, type);
    setOutcome(null);
    const outcomes = await runBatches(
      batches,
      (rows) =>
        schedulePlanogramUpdate(
          rows.map((r) => toInput(r, type)),
          uploadId,
          file.name,
        ),
      (done, total) => setProgress({ done, total }),
      IN_FLIGHT,
    );
    let success = 0;
    let prohibited = false;
    const errors: string[] = [];
    outcomes.forEach((o, i) => {
      if (o.ok) {
        success += o.value.successCount;
        errors.push(...o.value.errors);
        return;
      }
      console.error('Planogram batch failed', o.error);
      if (isForbidden(o.error)) prohibited = true;
      else {
        const lines = batches[i].map((r) => r.row);
        const message = errorMessage(o.error, NOT_PROCESSED_CHECK_INTERNET);
        errors.push(`${lines.length === 1 ? 'Line' : 'Lines'} ${lineRanges(lines)}: ${message}`);
      }
    });
    errors.sort((a, b) => lineOf(a) - lineOf(b));
    if (prohibited) reportProhibited();
    setOutcome({ success, errors });
    setProgress(null);
    setFile(null);
    setPickerKey((k) => k + 1);
    if (success > 0) {
      void queryClient.invalidateQueries({ queryKey: planogramKeys.all });
      if (type === 'CREATE') void queryClient.invalidateQueries({ queryKey: PLANOGRAM_NAMES_KEY });
      const first = (check.rows[0]?.values.layoutName ?? '').trim();
      if (first) onSubmitted?.(first);
    }
  };

  const errors = [
    ...(readError ? [readError] : []),
    ...(file?.errors ?? []),
    ...(check?.errors ?? []),
    ...server.errors,
    ...(outcome?.errors ?? []),
  ];
  const warnings = [...new Set([...(check?.warnings ?? []), ...server.warnings])].sort((a, b) => lineOf(a) - lineOf(b));
  const columns = columnsOf(type);

  return (
    <Flex direction="column" gap="1rem">
      <SelectField
        label="Request type"
        value={type}
        onChange={(e) => {
          setType(e.target.value as RequestType);
          setOutcome(null);
        }}
        isDisabled={busy}
        maxWidth="24rem"
      >
        {REQUEST_TYPES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </SelectField>

      <Flex alignItems="center" gap="0.5rem" wrap="wrap">
        <Text>Columns: {columns.join(', ')}.</Text>
        {type === 'UPDATE' ? (
          <>
            <Text>activeHour is MM/DD/YYYY hh:mm:ss (24-hour), in Central time.</Text>
            <InfoTip label="About activeHour" text={MESSAGES.activeHourTooltip} />
          </>
        ) : (
          <Text>The new layout&apos;s slots take effect now.</Text>
        )}
        <Button size="small" variation="link" onClick={() => download(templateName(type), templateCsv(type))}>
          Download template
        </Button>
      </Flex>

      <Flex alignItems="center" gap="1rem" wrap="wrap">
        <Guard call="POST /planograms/dry-run">
          {(refused) => (
            <FileInput
              key={pickerKey}
              label="Planogram CSV"
              accept=".csv,text/csv"
              onFile={(f) => void onFile(f)}
              disabled={busy || refused}
            />
          )}
        </Guard>
        <Guard call="schedulePlanogramUpdate">
          {(refused) => (
            <Button
              variation="primary"
              onClick={() => void submit()}
              isDisabled={refused || blocked || busy}
              isLoading={busy}
              loadingText="Submitting…"
            >
              Submit
            </Button>
          )}
        </Guard>
        {locallyValid && dryRun.isPending ? (
          <Text>{`Checking ${count(check!.rows.length, 'row')} with the server…`}</Text>
        ) : null}
        {file && check && !blocked ? <Text>{`${count(check.rows.length, 'row')} ready`}</Text> : null}
      </Flex>

      {progress ? <ProgressBar label="Submitting" value={progress.done} max={progress.total} unit="batches" /> : null}
      <ErrorPanel heading={MESSAGES.errorsHeading} listLabel="Errors" messages={errors} />
      <ErrorPanel variation="warning" heading="Warnings" listLabel="Warnings" messages={warnings} />
      {outcome && outcome.success > 0 ? (
        <Alert variation="success" role="status" heading="Success">
          {successText(outcome.success)}
        </Alert>
      ) : null}
    </Flex>
  );
}

/**
 * The dry run's invalid rows ('Line N: ...', blocking) and warnings. A dry
 * run that could not be made blocks only when Submit would be refused too.
 */
function serverFindings(
  dry: DryRun | undefined,
  error: unknown,
): { errors: string[]; warnings: string[]; blocking: boolean } {
  if (error) {
    if (isForbidden(error)) return { errors: [], warnings: [], blocking: true };
    const message = errorMessage(error, CHECK_INTERNET);
    return {
      errors: [],
      warnings: [`The server could not check the file before Submit (${message}); Submit checks every row again.`],
      blocking: false,
    };
  }
  const rows = dry?.rows ?? [];
  const errors = rows.filter((r) => r.status === 'invalid').map((r) => `Line ${r.row}: ${r.messages.join('; ')}`);
  const warnings = rows.flatMap((r) => (r.warnings ?? []).map((w) => `Line ${r.row}: ${w}`));
  return { errors, warnings, blocking: errors.length > 0 };
}
