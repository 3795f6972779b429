import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { uploadIdOf } from '@/test/brands';
import {
  batchesOf,
  cellText,
  commitInBatches,
  DRY_RUN_MAX_BYTES,
  DRY_RUN_MAX_ROWS,
  dryRunProblems,
  fileSizeProblem,
  invalidRowsCsv,
  parseCsv,
  readFile,
  readyRows,
  rowCountProblem,
  runBatches,
  sheetRows,
  type FileRow,
  type RowReport,
  type RowStatus,
  type UploadBody,
} from './upload-pipeline';

describe('reading files', () => {
  it('numbers CSV rows as the user sees them and reports parse errors', () => {
    const { rows, errors } = parseCsv('id,name\nA,"Alpha"\nB\n');
    expect(rows[0]).toEqual({ row: 2, values: { id: 'A', name: 'Alpha' } });
    expect(errors).toEqual(['Row 3: Too few fields: expected 2 fields but parsed 1']);
    expect(parseCsv('id,name\nA,"Alpha\n').errors[0]).toMatch(/Quoted field unterminated/);
    expect(parseCsv('id\nA\n').errors).toEqual([]);
    expect(parseCsv('id,name\nA,"Alpha"\nB\n', { ignore: ['TooFewFields'] }).errors).toEqual([]);
  });

  it('turns sheet cells into the text a CSV would hold', () => {
    const rows = sheetRows([
      ['POS_NAME__c', 'Stocking_Date__c', 'Sales_Tax_Rate__c'],
      ['X_1', new Date('2026-02-03T00:00:00Z'), 2.25],
      [null, null, null],
    ]);
    expect(rows).toEqual([
      { row: 2, values: { POS_NAME__c: 'X_1', Stocking_Date__c: '2026-02-03', Sales_Tax_Rate__c: '2.25' } },
    ]);
    expect(cellText(' a ')).toBe('a');
  });
});

const rows = (n: number): FileRow[] => Array.from({ length: n }, (_, i) => ({ row: i + 2, values: { id: `R${i}` } }));
const ok = (b: { rows: FileRow[] }) => ({
  results: b.rows.map((r) => ({ row: r.row, key: r.values.id, status: 'written' as const })),
});

describe('committing in batches', () => {
  it('sends batches of 100 and reports progress per batch', async () => {
    const send = vi.fn(async (b: { rows: FileRow[] }) => ok(b));
    const progress: [number, number][] = [];
    const results = await commitInBatches(
      { uploadId: uploadIdOf('u'), fileName: 'f.csv', rows: rows(250) },
      send,
      (d, t) => progress.push([d, t]),
    );
    expect(send.mock.calls.map((c) => c[0].rows.length).sort()).toEqual([100, 100, 50]);
    expect(progress[0]).toEqual([0, 3]);
    expect(progress[progress.length - 1]).toEqual([3, 3]);
    expect(results).toHaveLength(250);
    expect(results[0].row).toBe(2);
  });

  it('retries a batch once after a network error, with the same upload id, and fails it after two', async () => {
    let calls = 0;
    const flaky = vi.fn(async (b: { uploadId: string; rows: FileRow[] }) => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return ok(b);
    });
    const results = await commitInBatches(
      { uploadId: uploadIdOf('u-1'), fileName: 'f.csv', rows: rows(3) },
      flaky,
      () => {},
    );
    expect(flaky).toHaveBeenCalledTimes(2);
    expect(flaky.mock.calls.every((c) => c[0].uploadId === 'u-1')).toBe(true);
    expect(results.every((r) => r.status === 'written')).toBe(true);

    const down = vi.fn(async () => {
      throw new ApiError('The service is busy', { status: 503 });
    });
    const failed = await commitInBatches(
      { uploadId: uploadIdOf('u-2'), fileName: 'f.csv', rows: rows(2) },
      down,
      () => {},
    );
    expect(down).toHaveBeenCalledTimes(2);
    expect(failed.map((r) => [r.status, r.message])).toEqual([
      ['failed', 'The service is busy'],
      ['failed', 'The service is busy'],
    ]);

    const refused = vi.fn(async () => {
      throw new ApiError('Error! User Action Prohibited!', { status: 403 });
    });
    await commitInBatches({ uploadId: uploadIdOf('u-3'), fileName: 'f.csv', rows: rows(1) }, refused, () => {});
    expect(refused).toHaveBeenCalledTimes(1);
  });
});

describe('running batches', () => {
  it('keeps at most inFlight batches going and answers each outcome in batch order', async () => {
    let running = 0;
    let most = 0;
    const send = vi.fn(async (n: number) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5 * (6 - n)));
      running -= 1;
      if (n === 3) throw new ApiError('Line 5: nope', { errorType: 'BadRequest', status: 400 });
      return n * 10;
    });
    const progress: number[] = [];
    const outcomes = await runBatches([1, 2, 3, 4, 5], send, (d) => progress.push(d), 4);
    expect(most).toBe(4);
    expect(progress).toEqual([0, 1, 2, 3, 4, 5]);
    expect(outcomes.map((o) => (o.ok ? o.value : 'failed'))).toEqual([10, 20, 'failed', 40, 50]);
    expect(send).toHaveBeenCalledTimes(5);
  });

  it('does not retry a permission failure answered as a GraphQL error', async () => {
    const refused = vi.fn(async () => {
      throw new ApiError('Error! User Action Prohibited!', { errorType: 'Forbidden' });
    });
    const [outcome] = await runBatches([1], refused, () => {});
    expect(refused).toHaveBeenCalledTimes(1);
    expect(outcome.ok).toBe(false);
  });
});

describe('batches keep groups whole', () => {
  it('packs groups into batches of at most 100 without splitting one, in file order', () => {
    const rows: FileRow[] = Array.from({ length: 150 }, (_, i) => ({ row: i + 2, values: {} }));
    // 30 groups of 5 rows, interleaved in pairs: group of row r is floor((r-2)/10)*2 + (r % 2).
    const groupOf = (row: number) => `g${Math.floor((row - 2) / 10) * 2 + (row % 2)}`;
    const batches = batchesOf(rows, groupOf);
    expect(batches.every((b) => b.length <= 100)).toBe(true);
    expect(batches.flat()).toHaveLength(150);
    const batchOf = new Map(batches.flatMap((b, i) => b.map((r) => [groupOf(r.row), i] as const)));
    for (const [i, b] of batches.entries()) for (const r of b) expect(batchOf.get(groupOf(r.row))).toBe(i);
    expect(batchesOf(rows).map((b) => b.length)).toEqual([100, 50]);
  });
});

describe('whole groups (issue 20)', () => {
  const report = (row: number, status: RowStatus, group?: string): RowReport => ({
    row,
    key: null,
    status,
    messages: [],
    diff: [],
    group,
  });
  const reportsOf = (list: RowReport[]) => new Map(list.map((r) => [r.row, r]));

  it('sends every row of a touched group, even the unchanged ones, and no row of an untouched or invalid group', () => {
    const file = rows(9);
    const reports = reportsOf([
      // The reproduction: 3 stops of one route, one changed.
      report(2, 'unchanged', 'd#r1'),
      report(3, 'change', 'd#r1'),
      report(4, 'unchanged', 'd#r1'),
      // An untouched route stays home.
      report(5, 'unchanged', 'd#r2'),
      report(6, 'unchanged', 'd#r2'),
      // A route with an invalid stop cannot land whole.
      report(7, 'new', 'd#r3'),
      report(8, 'invalid', 'd#r3'),
      // Rows of no group go on their own status.
      report(9, 'new'),
      report(10, 'unchanged'),
    ]);
    expect(readyRows(file, reports).map((r) => r.row)).toEqual([2, 3, 4, 9]);
    // Rows the dry run has not answered about are not ready.
    expect(readyRows(file, new Map())).toEqual([]);
  });

  it("declares each batch's groups with the dry run's counts, and nothing for ungrouped rows", async () => {
    // 60 rows of group a, 60 of b (so two batches), 1 row of c, 1 ungrouped row.
    const file = rows(122);
    const groupOf = (row: number) => (row < 62 ? 'a' : row < 122 ? 'b' : row === 122 ? 'c' : undefined);
    const send = vi.fn(async (b: UploadBody) => ok(b));
    await commitInBatches(
      { uploadId: uploadIdOf('u'), fileName: 'f.csv', rows: file, groups: { a: 60, b: 60, c: 1, other: 9 } },
      send,
      () => {},
      groupOf,
    );
    const bodies = send.mock.calls.map((c) => c[0]);
    expect(bodies.map((b) => [b.rows.length, b.groups])).toEqual([
      [60, { a: 60 }],
      [62, { b: 60, c: 1 }],
    ]);
    expect(bodies.every((b) => b.uploadId === 'u' && b.fileName === 'f.csv')).toBe(true);

    // Without the dry run's counts, a group declares the rows of it being sent.
    send.mockClear();
    await commitInBatches(
      { uploadId: uploadIdOf('u'), fileName: 'f.csv', rows: rows(3) },
      send,
      () => {},
      () => 'g',
    );
    expect(send.mock.calls[0][0].groups).toEqual({ g: 3 });

    // Kinds without groups send the body they always did.
    send.mockClear();
    await commitInBatches({ uploadId: uploadIdOf('u'), fileName: 'f.csv', rows: rows(2) }, send, () => {});
    expect(Object.keys(send.mock.calls[0][0]).sort()).toEqual(['fileName', 'rows', 'uploadId']);
  });

  it("shows a reused upload id's 409 on the batch's rows without retrying it", async () => {
    const conflict = vi.fn(async () => {
      throw new ApiError('This upload id was already used for other content', { status: 409 });
    });
    const results = await commitInBatches(
      { uploadId: uploadIdOf('u'), fileName: 'f.csv', rows: rows(2) },
      conflict,
      () => {},
    );
    expect(conflict).toHaveBeenCalledTimes(1);
    expect(results.map((r) => [r.row, r.status, r.message])).toEqual([
      [2, 'failed', 'This upload id was already used for other content'],
      [3, 'failed', 'This upload id was already used for other content'],
    ]);
  });
});

describe('the invalid rows download', () => {
  it('holds the cells and the messages of each row', () => {
    const csv = invalidRowsCsv(
      [{ row: 3, values: { id: 'X', hours: 'Mon-Fri' } }],
      new Map([[3, { messages: ['Only 24 Hours fridges are supported'] }]]),
    );
    expect(csv.split(/\r?\n/)).toEqual(['id,hours,messages', 'X,Mon-Fri,Only 24 Hours fridges are supported']);
  });
});

describe("the dry run's bounds, equal to the server's (issue 20)", () => {
  const MB = 1024 * 1024;
  const csvOf = (n: number) =>
    new File([`id\n${Array.from({ length: n }, (_, i) => `R${i}`).join('\n')}\n`], 'f.csv', { type: 'text/csv' });

  it("uses docs/api-contract.md's numbers: 10,000 rows and 5 MB (5,242,880 bytes)", () => {
    expect(DRY_RUN_MAX_ROWS).toBe(10_000);
    expect(DRY_RUN_MAX_BYTES).toBe(5_242_880);
  });

  it('takes 10,000 rows and refuses 10,001 with the count', async () => {
    expect(rowCountProblem(10_000)).toBeNull();
    expect(rowCountProblem(10_001)).toBe('The file has 10,001 rows; at most 10,000 are checked at once. Split it.');
    expect((await readFile(csvOf(10_000))).rows).toHaveLength(10_000);
    expect(await readFile(csvOf(10_001))).toEqual({
      rows: [],
      errors: ['The file has 10,001 rows; at most 10,000 are checked at once. Split it.'],
    });
  });

  it('takes a file of exactly 5 MB and refuses a byte more, without reading it', async () => {
    expect(fileSizeProblem(DRY_RUN_MAX_BYTES)).toBeNull();
    expect(fileSizeProblem(DRY_RUN_MAX_BYTES + 1)).toBe('The file is 5.1 MB; at most 5 MB are read. Split it.');
    expect(fileSizeProblem(12 * MB)).toBe('The file is 12 MB; at most 5 MB are read. Split it.');
    const text = vi.fn(async () => 'id\nA\n');
    const big = { name: 'big.csv', size: 6 * MB, text } as unknown as File;
    expect(await readFile(big)).toEqual({ rows: [], errors: ['The file is 6 MB; at most 5 MB are read. Split it.'] });
    expect(text).not.toHaveBeenCalled();
  });

  it('refuses a body whose rows as JSON pass 5 MB though the file may not', () => {
    const body = (n: number, width: number): UploadBody => ({
      uploadId: uploadIdOf('u'),
      fileName: 'f.csv',
      rows: Array.from({ length: n }, (_, i) => ({ row: i + 2, values: { id: `R${i}`, note: 'x'.repeat(width) } })),
    });
    expect(dryRunProblems(body(10_000, 10))).toEqual([]);
    expect(dryRunProblems(body(10_001, 1))).toEqual([
      'The file has 10,001 rows; at most 10,000 are checked at once. Split it.',
    ]);
    expect(dryRunProblems(body(100, 55_000))).toEqual([
      "The file's rows come to 5.3 MB as sent; at most 5 MB are read. Split it.",
    ]);
  });
});
