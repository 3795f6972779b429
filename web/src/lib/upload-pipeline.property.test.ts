/**
 * Property tests of the browser's file readers and batching (issue 20): no
 * input throws, and what comes out is what the server expects. A few hundred
 * cases by default; `FC_RUNS=n` raises them (scripts/fuzz.sh).
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { BATCH_ROWS, batchesOf, cellText, parseCsv, readFile, sheetRows, type FileRow } from './upload-pipeline';

// Read without Node's types in the app's tsconfig.
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const RUNS = Math.max(1, Number(env.FC_RUNS) || 200);
/** An XLSX case zips and unzips a workbook: fewer of them in the same time. */
const XLSX_RUNS = Math.max(1, Math.ceil(RUNS / 4));
const params = { numRuns: RUNS };
/** Vitest's time limit per test, grown with the cases (a CSV table takes about 1 ms). */
const TIMEOUT = 10_000 + RUNS * 5;

/** What every reader answers: rows numbered as the user sees them (header = 1), keys named, text trimmed. */
function expectWellFormed(rows: FileRow[]) {
  let last = 1;
  for (const r of rows) {
    expect(Number.isInteger(r.row)).toBe(true);
    expect(r.row).toBeGreaterThan(last);
    last = r.row;
    for (const [k, v] of Object.entries(r.values)) {
      expect(k).not.toBe('');
      expect(typeof v).toBe('string');
      expect(v).toBe(v.trim());
    }
  }
}

/** Non-empty header names, unique once trimmed (a reader keys cells by them). */
const headers = (max: number) =>
  fc
    .uniqueArray(
      fc
        .string({ minLength: 1, maxLength: 12 })
        .map((s) => s.trim())
        .filter((s) => s !== ''),
      { minLength: 1, maxLength: max },
    )
    .filter((hs) => !hs.some((h) => h.startsWith('__parsed_extra')));

const tableOf = (cell: fc.Arbitrary<string>, maxColumns: number) =>
  headers(maxColumns).chain((hs) =>
    fc.tuple(
      fc.constant(hs),
      fc.array(fc.array(cell, { minLength: hs.length, maxLength: hs.length }), { maxLength: 30 }),
    ),
  );

/** The cells a reader should give: trimmed, by header, rows of nothing but blanks left out. */
function expected(hs: string[], body: string[][], { dropEmpty = false } = {}) {
  return body
    .map((cells) =>
      Object.fromEntries(hs.map((h, j) => [h, cells[j].trim()]).filter(([, v]) => !dropEmpty || v !== '')),
    )
    .filter((values) => Object.values(values).some((v) => v !== ''));
}

describe('parseCsv (property)', () => {
  it(
    'never throws and answers well-formed rows for any text',
    () => {
      // Papa Parse warns of each renamed duplicate header.
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ maxLength: 400 }),
            fc.string({ unit: 'binary', maxLength: 200 }),
            fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', ';', '\t', '\uFEFF'), maxLength: 200 }),
          ),
          (text) => {
            const { rows, errors } = parseCsv(text);
            expectWellFormed(rows);
            for (const e of errors) expect(typeof e).toBe('string');
          },
        ),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'reads back every cell of a table written as CSV, trimmed',
    () => {
      fc.assert(
        fc.property(tableOf(fc.string({ maxLength: 15 }), 8), ([hs, body]) => {
          // Papa Parse assigns cells to plain objects, so it cannot keep a column named '__proto__'.
          fc.pre(!hs.includes('__proto__'));
          const text = Papa.unparse({ fields: hs, data: body }, { quotes: true });
          const { rows } = parseCsv(text);
          expectWellFormed(rows);
          expect(rows.map((r) => r.values)).toEqual(expected(hs, body));
        }),
        params,
      );
    },
    TIMEOUT,
  );
});

/** A cell as read-excel-file gives it. */
const sheetCell = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.date({ noInvalidDate: false }),
  // fc.date rarely makes an invalid one; a sheet's date cell can be one.
  fc.constant(new Date(Number.NaN)),
  fc.constant(null),
  fc.constant(undefined),
);

describe('cellText (property)', () => {
  it(
    'gives trimmed text for any cell, and a valid date as YYYY-MM-DD',
    () => {
      fc.assert(
        fc.property(sheetCell, (v) => {
          const text = cellText(v);
          expect(typeof text).toBe('string');
          expect(text).toBe(text.trim());
        }),
        params,
      );
      fc.assert(
        fc.property(
          fc.date({
            min: new Date('0000-01-01T00:00:00Z'),
            max: new Date('9999-12-31T23:59:59Z'),
            noInvalidDate: true,
          }),
          (d) => {
            expect(cellText(d)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          },
        ),
        params,
      );
    },
    TIMEOUT,
  );
});

describe('sheetRows (property)', () => {
  it(
    'never throws and answers well-formed rows for any sheet',
    () => {
      fc.assert(
        fc.property(fc.array(fc.array(sheetCell, { maxLength: 10 }), { maxLength: 20 }), (sheet) => {
          const rows = sheetRows(sheet);
          expectWellFormed(rows);
          for (const r of rows) {
            expect(r.row).toBeLessThanOrEqual(sheet.length);
            expect(Object.values(r.values).some((v) => v !== '')).toBe(true);
          }
        }),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'keeps each row at its sheet row number',
    () => {
      fc.assert(
        fc.property(tableOf(fc.string({ maxLength: 8 }), 8), ([hs, body]) => {
          const rows = sheetRows([hs, ...body]);
          const kept = body.flatMap((cells, i) => (cells.some((c) => c.trim() !== '') ? [i + 2] : []));
          expect(rows.map((r) => r.row)).toEqual(kept);
          expect(rows.map((r) => r.values)).toEqual(expected(hs, body));
        }),
        params,
      );
    },
    TIMEOUT,
  );
});

describe('XLSX files (property)', () => {
  // Text an XML 1.0 document can hold: the writer escapes & and <, not control characters.
  const xmlChar = fc.oneof(
    fc.constantFrom(' ', '\t', '&', '<', '>', '"', "'", 'é', '€', '😀', '\u00a0'),
    fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  );
  const xmlText = (maxLength: number) => fc.string({ unit: xmlChar, maxLength });

  it(
    'reads any sheet the e2e writer makes into well-formed rows of its cells',
    async () => {
      // The e2e tests' writer, loaded at run time (it is plain JS outside src/).
      const writers = import.meta.glob<{ xlsx: (rows: string[][]) => Uint8Array<ArrayBuffer> }>('../../e2e/xlsx.mjs');
      const load = Object.values(writers)[0];
      if (!load) throw new Error('e2e/xlsx.mjs not found');
      const { xlsx } = await load();
      await fc.assert(
        fc.asyncProperty(
          // The writer names columns A to Z.
          headers(6).chain((hs) =>
            fc.tuple(
              fc.constant(hs.map((h) => h.replace(/[^\x20-\x7e]/g, 'x'))),
              fc.array(fc.array(xmlText(10), { minLength: hs.length, maxLength: hs.length }), { maxLength: 12 }),
            ),
          ),
          async ([hs, body]) => {
            fc.pre(new Set(hs.map((h) => h.trim())).size === hs.length && hs.every((h) => h.trim() !== ''));
            const bytes = xlsx([hs, ...body]);
            const { rows, errors } = await readFile(new File([bytes], 'sheet.xlsx'));
            expect(errors).toEqual([]);
            expectWellFormed(rows);
            const values = rows.map((r) => Object.fromEntries(Object.entries(r.values).filter(([, v]) => v !== '')));
            expect(values).toEqual(
              expected(
                hs.map((h) => h.trim()),
                body,
                { dropEmpty: true },
              ),
            );
          },
        ),
        { numRuns: XLSX_RUNS },
      );
    },
    TIMEOUT,
  );
});

describe('batchesOf (property)', () => {
  /** Rows in file order, each in one of `k` groups or in none. */
  const grouped = fc
    .integer({ min: 1, max: 40 })
    .chain((k) => fc.array(fc.option(fc.integer({ min: 0, max: k - 1 }), { freq: 4 }), { maxLength: 400 }));

  it(
    'never splits a group, keeps every row once and in file order, and stays within BATCH_ROWS unless one group is larger',
    () => {
      fc.assert(
        fc.property(grouped, (labels) => {
          const rows: FileRow[] = labels.map((_, i) => ({ row: i + 2, values: {} }));
          const groupOf = (row: number) => {
            const g = labels[row - 2];
            return g === null || g === undefined ? undefined : `g${g}`;
          };
          const batches = batchesOf(rows, groupOf);
          const sizes = new Map<string, number>();
          for (const r of rows) {
            const g = groupOf(r.row);
            if (g !== undefined) sizes.set(g, (sizes.get(g) ?? 0) + 1);
          }

          // Every row exactly once.
          expect(
            batches
              .flat()
              .map((r) => r.row)
              .sort((a, b) => a - b),
          ).toEqual(rows.map((r) => r.row));
          const batchOfGroup = new Map<string, number>();
          for (const [i, batch] of batches.entries()) {
            expect(batch.length).toBeGreaterThan(0);
            const inBatch = new Set(batch.map((r) => groupOf(r.row)));
            // Over the bound only as one group alone that is itself over it.
            if (batch.length > BATCH_ROWS) {
              expect(inBatch.size).toBe(1);
              const [g] = [...inBatch];
              expect(g).toBeDefined();
              expect(sizes.get(g ?? '')).toBe(batch.length);
            }
            for (const g of inBatch) {
              if (g === undefined) continue;
              // A group lives in one batch only.
              expect(batchOfGroup.get(g) ?? i).toBe(i);
              batchOfGroup.set(g, i);
              // ...whole, and in file order.
              const own = batch.filter((r) => groupOf(r.row) === g).map((r) => r.row);
              expect(own).toHaveLength(sizes.get(g) ?? -1);
              expect(own).toEqual([...own].sort((a, b) => a - b));
            }
          }
        }),
        params,
      );
    },
    TIMEOUT,
  );
});
