/**
 * The browser side of the upload pipeline (docs/api-contract.md, "Uploads"):
 * read a CSV or XLSX file at once into numbered rows of cells, ask the
 * server's dry run about the whole file, then commit in batches with
 * progress. The server checks every rule; this module only moves rows.
 */
import type { UploadId } from './brands';
import Papa from 'papaparse';
import { toCsv } from './csv';
import { ApiError, isForbidden } from './api';
import { reportProhibited } from './prohibited';
import type { Change, CommitResult, DryRun, RowReport, RowStatus } from '@/generated/rest/responses';

export type Cells = Record<string, string>;
/** A row as the user sees it in the file: header = row 1. */
export interface FileRow {
  row: number;
  values: Cells;
}
/** A dry run's and a commit's answers are the server's own types (src/generated/rest). */
export type { CommitResult, DryRun, RowReport, RowStatus } from '@/generated/rest/responses';
export type DiffEntry = Change;
/** Each group of the file with its count of file rows (kinds whose rows land in groups). */
export type GroupCounts = NonNullable<DryRun['groups']>;
export interface UploadBody {
  /** One per chosen file (`newUploadId`): a retried commit of it is recognised by the server. */
  uploadId: UploadId;
  fileName: string;
  rows: FileRow[];
  /**
   * A commit's declaration of the groups it holds, with the dry run's count of
   * each: the server refuses a batch holding part of a group (issue 20).
   */
  groups?: GroupCounts;
}

/** Rows a commit call takes (the server's bound). */
export const BATCH_ROWS = 100;
/** Batches in flight at once. */
export const IN_FLIGHT = 3;

/** The message for a chosen file that is not a CSV where only CSV is read. */
export const NOT_CSV = 'Please upload a .csv file';
export const isCsv = (name: string) => /\.csv$/i.test(name);
/** A file's name without its extension, for the files made from it: 'prices.csv' → 'prices'. */
export const stemOf = (fileName: string) => fileName.replace(/\.\w+$/, '');

/**
 * CSV text: rows of cells by header, and parse errors worded for the user.
 * `ignore` lists further Papa Parse error codes not worth showing (e.g.
 * 'TooFewFields' where a short row has a rule message of its own).
 */
export function parseCsv(
  text: string,
  { ignore = [] }: { ignore?: string[] } = {},
): { rows: FileRow[]; errors: string[] } {
  const result = Papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  // A guessed delimiter (comma) is not an error worth showing; everything else is.
  const errors = result.errors
    .filter((e) => e.code !== 'UndetectableDelimiter' && !ignore.includes(e.code))
    .map((e) => (e.row === undefined ? e.message : `Row ${e.row + 2}: ${e.message}`));
  const rows = result.data.map((r, i) => ({ row: i + 2, values: clean(r) }));
  return { rows, errors };
}

function clean(r: Record<string, unknown>): Cells {
  // fromEntries defines each key, so even a column named '__proto__' is kept as a cell.
  return Object.fromEntries(
    Object.entries(r).flatMap(([k, v]) => (k !== '' && v !== undefined && v !== null ? [[k, cellText(v)]] : [])),
  );
}

/** A spreadsheet cell as the text a CSV export would hold (dates as YYYY-MM-DD). */
export function cellText(v: unknown): string {
  // An invalid date (toISOString would throw) goes as 'Invalid Date', for the server's rule to name.
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? String(v) : v.toISOString().slice(0, 10);
  return String(v).trim();
}

/** Sheet rows (first row = headers) as file rows. */
export function sheetRows(sheet: unknown[][]): FileRow[] {
  const [header, ...body] = sheet;
  if (!header) return [];
  const names = header.map((h) => (h === null || h === undefined ? '' : String(h).trim()));
  return body
    .map((cells, i) => ({
      row: i + 2,
      values: clean(Object.fromEntries(names.map((n, j) => [n, cells[j] ?? undefined]))),
    }))
    .filter((r) => Object.values(r.values).some((v) => v !== ''));
}

export const isSpreadsheet = (name: string) => /\.xlsx$/i.test(name);

/**
 * The dry runs' bounds, equal to the server's (docs/api-contract.md, "Upload limits"):
 * 10,000 rows, and 5 MB (5,242,880 bytes) of request; the forecast ingest reads at
 * most 5 MB of the file. Checked here so a file over them is refused before any request.
 */
export const DRY_RUN_MAX_ROWS = 10_000;
export const DRY_RUN_MAX_BYTES = 5 * 1024 * 1024;

const MB = 1024 * 1024;
/** Megabytes rounded up to a tenth, so a file just over the bound never reads '5 MB'. */
const megabytes = (bytes: number) => String(Math.ceil((bytes / MB) * 10) / 10);

/** Why a file of this size is not read, or null. A screen's own lower bound is its own. */
export function fileSizeProblem(bytes: number): string | null {
  return bytes > DRY_RUN_MAX_BYTES ? `The file is ${megabytes(bytes)} MB; at most 5 MB are read. Split it.` : null;
}

/** Why a file with this many rows is not checked, or null. */
export function rowCountProblem(rows: number): string | null {
  return rows > DRY_RUN_MAX_ROWS
    ? `The file has ${rows.toLocaleString('en-US')} rows; at most ${DRY_RUN_MAX_ROWS.toLocaleString('en-US')} are checked at once. Split it.`
    : null;
}

/**
 * Why a dry run of this body would be refused, if it would: too many rows, or a
 * request (the rows as JSON, which the server measures) over 5 MB though the file is not.
 */
export function dryRunProblems(body: UploadBody): string[] {
  const rows = rowCountProblem(body.rows.length);
  if (rows) return [rows];
  const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
  return bytes > DRY_RUN_MAX_BYTES
    ? [`The file's rows come to ${megabytes(bytes)} MB as sent; at most 5 MB are read. Split it.`]
    : [];
}

/**
 * Reads a chosen file at once. XLSX support loads only when an XLSX is chosen.
 * A file over the dry run's bounds is refused with the reason and no rows: one
 * over 5 MB before it is read.
 */
export async function readFile(file: File): Promise<{ rows: FileRow[]; errors: string[] }> {
  const tooBig = fileSizeProblem(file.size);
  if (tooBig) return { rows: [], errors: [tooBig] };
  const read = await readAny(file);
  const tooMany = rowCountProblem(read.rows.length);
  return tooMany ? { rows: [], errors: [...read.errors, tooMany] } : read;
}

async function readAny(file: File): Promise<{ rows: FileRow[]; errors: string[] }> {
  if (isSpreadsheet(file.name)) {
    const { readSheet } = await import('read-excel-file/browser');
    return { rows: sheetRows(await readSheet(file)), errors: [] };
  }
  if (/\.xls$/i.test(file.name))
    return { rows: [], errors: ['Old .xls files are not supported: save the file as .xlsx or CSV.'] };
  return parseCsv(await file.text());
}

const writes = (status: RowStatus | undefined) => status === 'new' || status === 'change';

/**
 * The rows a commit sends: each new or changed row, and every row of a group
 * that has one. The server replaces a group with the rows it receives, so
 * an unchanged row left out of a touched group would be deleted (issue 20).
 * The dry run already reports such rows as changes; this holds if it did not.
 * A group with an invalid row goes nowhere: it lands whole or not at all.
 */
export function readyRows(rows: FileRow[], reports: ReadonlyMap<number, RowReport>): FileRow[] {
  const touched = new Set<string>();
  const spoiled = new Set<string>();
  for (const r of rows) {
    const report = reports.get(r.row);
    if (report?.group == null) continue;
    if (report.status === 'invalid') spoiled.add(report.group);
    else if (writes(report.status)) touched.add(report.group);
  }
  return rows.filter((r) => {
    const report = reports.get(r.row);
    if (report?.group == null) return writes(report?.status);
    return report.status !== 'invalid' && touched.has(report.group) && !spoiled.has(report.group);
  });
}

/**
 * The groups a batch declares: each group it holds with the dry run's count
 * (`counts`), or, where the dry run gave none, the rows of it being sent.
 * Undefined for a batch without groups, so other kinds' bodies stay as they were.
 */
export function declaredGroups(
  batch: FileRow[],
  sent: FileRow[],
  groupOf: (row: number) => string | undefined,
  counts: GroupCounts = {},
): GroupCounts | undefined {
  const inBatch = new Set(batch.map((r) => groupOf(r.row)).filter((g): g is string => g !== undefined));
  if (inBatch.size === 0) return undefined;
  const declared: GroupCounts = {};
  for (const g of inBatch)
    declared[g] = Object.hasOwn(counts, g) ? counts[g] : sent.filter((r) => groupOf(r.row) === g).length;
  return declared;
}

const retryable = (e: unknown) =>
  !isForbidden(e) && (!(e instanceof ApiError) || e.status === undefined || e.status >= 500);

/**
 * Batches of at most `BATCH_ROWS` rows in file order, never splitting a group
 * (the server replaces a group whole, so half of one would replace it wrongly).
 */
export function batchesOf(
  rows: FileRow[],
  groupOf: (row: number) => string | undefined = () => undefined,
): FileRow[][] {
  const units: FileRow[][] = [];
  const unitOf = new Map<string, FileRow[]>();
  for (const r of rows) {
    const g = groupOf(r.row);
    const unit = g === undefined ? undefined : unitOf.get(g);
    if (unit) unit.push(r);
    else {
      const fresh = [r];
      units.push(fresh);
      if (g !== undefined) unitOf.set(g, fresh);
    }
  }
  const batches: FileRow[][] = [];
  for (const unit of units) {
    const last = batches[batches.length - 1];
    if (last && last.length + unit.length <= BATCH_ROWS) last.push(...unit);
    else batches.push([...unit]);
  }
  return batches;
}

/** A batch's answer, or the error it failed with (after its retry). */
export type BatchOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Sends batches, `inFlight` at once, retrying a batch once after a network
 * error or a 5xx (the caller's upload id makes the retry safe; a refusal or
 * a permission failure is not retried). Reports progress as batches finish
 * and answers each batch's outcome, in the order of `batches`.
 */
export async function runBatches<B, R>(
  batches: B[],
  send: (batch: B) => Promise<R>,
  onProgress: (done: number, total: number) => void,
  inFlight = IN_FLIGHT,
): Promise<BatchOutcome<R>[]> {
  const outcomes: BatchOutcome<R>[] = new Array(batches.length);
  let done = 0;
  let next = 0;
  onProgress(0, batches.length);
  const worker = async () => {
    while (next < batches.length) {
      const i = next++;
      let outcome: BatchOutcome<R> = { ok: false, error: new Error('Not sent') };
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          outcome = { ok: true, value: await send(batches[i]) };
          break;
        } catch (e) {
          outcome = { ok: false, error: e };
          if (!retryable(e)) break;
        }
      }
      outcomes[i] = outcome;
      done += 1;
      onProgress(done, batches.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(inFlight, 1), batches.length) }, worker));
  return outcomes;
}

/**
 * Commits rows in batches of 100 (groups kept whole), 3 in flight, each
 * retried once after a network error or a 5xx. Each batch declares its groups
 * with their counts from `body.groups` (the dry run's). Reports progress as
 * batches finish; a batch that fails (a refusal such as a 409 at once, else
 * after its retry) marks its rows failed with the server's message.
 */
export async function commitInBatches(
  body: UploadBody,
  send: (batch: UploadBody) => Promise<{ results: CommitResult[] }>,
  onProgress: (done: number, total: number) => void,
  groupOf?: (row: number) => string | undefined,
): Promise<CommitResult[]> {
  const batches = batchesOf(body.rows, groupOf);
  const { groups: counts, ...rest } = body;
  const bodies = batches.map((rows): UploadBody => {
    const groups = groupOf ? declaredGroups(rows, body.rows, groupOf, counts) : undefined;
    return groups ? { ...rest, rows, groups } : { ...rest, rows };
  });
  const outcomes = await runBatches(bodies, send, onProgress);
  // A refusal for want of permission is also told once in the kit dialog; its rows keep their message.
  if (outcomes.some((o) => !o.ok && isForbidden(o.error))) reportProhibited();
  const results = outcomes.flatMap((o, i) => {
    if (o.ok) return o.value.results;
    const message = o.error instanceof Error ? o.error.message : 'Not sent';
    return batches[i].map((r) => ({ row: r.row, key: null, status: 'failed' as const, message }));
  });
  return results.sort((a, b) => a.row - b.row);
}

/** The invalid rows as CSV: their cells and a 'messages' column, for fixing and re-uploading. */
export function invalidRowsCsv(rows: FileRow[], reports: Map<number, { messages: string[] }>): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r.values)))];
  const data = rows.map((r) => [
    ...columns.map((c) => r.values[c] ?? ''),
    (reports.get(r.row)?.messages ?? []).join('; '),
  ]);
  return toCsv([...columns, 'messages'], data);
}
