import { describe, expect, it } from 'vitest';
import { parseCsv } from '@/lib/upload-pipeline';
import {
  checkPlanogramFile,
  checkRow,
  isActiveHour,
  lineOf,
  lineRanges,
  MESSAGES,
  planBatches,
  PLANOGRAM,
  successText,
  templateCsv,
  toInput,
  type RequestType,
} from './planogram-csv';

const UPDATE_HEADER = 'layoutName,slot,vendItemName,activeHour';
const CREATE_HEADER = 'layoutName,slot,vendItemName,physicalFridgeConfig';
const read = (text: string) => parseCsv(text, { ignore: ['TooFewFields', 'TooManyFields'] }).rows;
const check = (text: string, type: RequestType = 'UPDATE') => checkPlanogramFile(read(text), type);

describe('the shared rules', () => {
  it('are the server export', () => {
    expect(PLANOGRAM.columns.UPDATE).toEqual(['layoutName', 'slot', 'vendItemName', 'activeHour']);
    expect(PLANOGRAM.columns.CREATE).toEqual(['layoutName', 'slot', 'vendItemName', 'physicalFridgeConfig']);
    expect(MESSAGES.errorsHeading).toBe('Please fix the following errors and reupload your file:');
    expect(PLANOGRAM.batchSize).toBe(100);
  });
});

describe('a row', () => {
  const ok = { layoutName: 'TALL_6x6', slot: '2:10', vendItemName: 'COLD_BREW', activeHour: '12/01/2026 06:00:00' };

  it('passes when every rule holds', () => {
    expect(checkRow(ok, 'UPDATE')).toEqual([]);
    expect(
      checkRow({ layoutName: 'NEW', slot: '1:1', vendItemName: 'X', physicalFridgeConfig: '6x5' }, 'CREATE'),
    ).toEqual([]);
  });

  it('says the server messages, missing and empty first and alone', () => {
    expect(checkRow({ layoutName: 'L', slot: '1:1', vendItemName: 'X' }, 'UPDATE')).toEqual([MESSAGES.missingInput]);
    expect(checkRow({ layoutName: 'L', slot: '', vendItemName: 'X', activeHour: 'x' }, 'UPDATE')).toEqual([
      MESSAGES.emptyValue,
    ]);
    expect(checkRow({ ...ok, slot: '  ' }, 'UPDATE')).toEqual([MESSAGES.emptyValue]);
    expect(checkRow({ ...ok, slot: '1-1', activeHour: '2026-12-01 06:00' }, 'UPDATE')).toEqual([
      MESSAGES.slotFormat,
      MESSAGES.activeHourFormat,
    ]);
    expect(checkRow({ ...ok, vendItemName: 'X'.repeat(101) }, 'UPDATE')).toEqual([
      'vendItemName is longer than 100 characters.',
    ]);
    expect(checkRow({ ...ok, vendItemName: 'é'.repeat(100) }, 'UPDATE')).toEqual([]);
    // CREATE has no activeHour: an activeHour column is ignored, physicalFridgeConfig is needed.
    expect(checkRow(ok, 'CREATE')).toEqual([MESSAGES.missingInput]);
  });

  it('takes only real dates and times of day for activeHour', () => {
    expect(isActiveHour('12/01/2026 06:00:00')).toBe(true);
    expect(isActiveHour('02/29/2028 23:59:59')).toBe(true);
    for (const bad of [
      '1/01/2026 06:00:00',
      '13/01/2026 06:00:00',
      '02/30/2026 06:00:00',
      '02/29/2026 06:00:00',
      '12/01/2026 6:00:00',
      '12/01/2026 24:00:00',
      '12/01/2026 06:60:00',
      '00/10/2026 06:00:00',
      '12/00/2026 06:00:00',
      '2026-12-01T06:00:00Z',
    ]) {
      expect(isActiveHour(bad), bad).toBe(false);
    }
  });
});

describe('a file', () => {
  it('with no rows says so', () => {
    expect(check(`${UPDATE_HEADER}\n`).errors).toEqual([MESSAGES.noRows]);
    expect(check('').errors).toEqual([MESSAGES.noRows]);
  });

  it('lists each row as Line N, short rows as missing input', () => {
    const result = check(
      `${UPDATE_HEADER}\nL,1:1,X,12/01/2026 06:00:00\nL,1:2,X\nL,1:x,,12/01/2026 06:00:00\nL,1-3,X,13/01/2026 06:00:00\n`,
    );
    expect(result.errors).toEqual([
      `Line 3: ${MESSAGES.missingInput}`,
      `Line 4: ${MESSAGES.emptyValue}`,
      `Line 5: ${MESSAGES.slotFormat}`,
      `Line 5: ${MESSAGES.activeHourFormat}`,
    ]);
    expect(result.rows).toEqual([]);
  });

  it('marks every row of a duplicated layoutName, slot and activeHour', () => {
    const result = check(
      `${UPDATE_HEADER}\nL,1:1,X,12/01/2026 06:00:00\nL,1:1,Y,12/01/2026 06:00:00\nM,1:1,Z,12/01/2026 06:00:00\nL,1:1,W,12/01/2026 06:00:00\n`,
    );
    expect(result.errors).toEqual([
      'Line 2: Duplicated records: Lines 2 and 3',
      'Line 3: Duplicated records: Lines 2 and 3',
      'Line 5: Duplicated records: Lines 2 and 5',
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('warns of a layoutName and slot at other hours, without blocking', () => {
    const result = check(
      `${UPDATE_HEADER}\nL,1:1,X,12/01/2026 06:00:00\nL,1:1,Y,12/02/2026 06:00:00\nL,1:2,Z,12/01/2026 06:00:00\nL,1:1,W,12/03/2026 06:00:00\n`,
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      `Line 2: ${MESSAGES.repeatedSlot} 3, 5.`,
      `Line 3: ${MESSAGES.repeatedSlot} 2, 5.`,
      `Line 5: ${MESSAGES.repeatedSlot} 2, 3.`,
    ]);
    expect(result.rows.map((r) => r.row)).toEqual([2, 3, 4, 5]);
  });

  it('for CREATE, duplicates are the same layoutName and slot; no warnings', () => {
    const result = check(`${CREATE_HEADER}\nN,1:1,X,6x5\nN,1:2,Y,6x5\nN,1:1,Z,6x5\n`, 'CREATE');
    expect(result.errors).toEqual([
      'Line 2: Duplicated records: Lines 2 and 4',
      'Line 4: Duplicated records: Lines 2 and 4',
    ]);
    expect(check(`${CREATE_HEADER}\nN,1:1,X,6x5\nN,1:2,Y,6x5\n`, 'CREATE')).toMatchObject({ errors: [], warnings: [] });
  });

  it('for CREATE, a layout holds at most maxCreateSlots slots', () => {
    const slots = Array.from(
      { length: PLANOGRAM.maxCreateSlots + 1 },
      (_, i) => `BIG,${Math.floor(i / 10) + 1}:${(i % 10) + 1},X,10x10`,
    );
    expect(check(`${CREATE_HEADER}\n${slots.join('\n')}\n`, 'CREATE').errors).toEqual([
      `Line 2: A new layout holds at most ${PLANOGRAM.maxCreateSlots} slots; BIG has ${PLANOGRAM.maxCreateSlots + 1}.`,
    ]);
  });
});

describe('sending', () => {
  it('sends the columns as written, with the file line', () => {
    const [row] = read(`${UPDATE_HEADER},extra\n L ,1:1,X,12/01/2026 06:00:00,e\n`);
    expect(toInput(row, 'UPDATE')).toEqual({
      requestType: 'UPDATE',
      layoutName: 'L',
      slot: '1:1',
      vendItemName: 'X',
      activeHour: '12/01/2026 06:00:00',
      line: 2,
    });
    const [create] = read(`${CREATE_HEADER}\nN,1:1,X,6x5\n`);
    expect(toInput(create, 'CREATE')).toEqual({
      requestType: 'CREATE',
      layoutName: 'N',
      slot: '1:1',
      vendItemName: 'X',
      physicalFridgeConfig: '6x5',
      line: 2,
    });
  });

  it('cuts UPDATE rows in chunks of 100 and CREATE rows per layout', () => {
    const updates = Array.from({ length: 250 }, (_, i) => ({ row: i + 2, values: { layoutName: 'L' } }));
    expect(planBatches(updates, 'UPDATE').map((b) => b.length)).toEqual([100, 100, 50]);
    const creates = ['A', 'B', 'A', 'C', 'B'].map((l, i) => ({ row: i + 2, values: { layoutName: l } }));
    expect(planBatches(creates, 'CREATE').map((b) => b.map((r) => r.row))).toEqual([[2, 4], [3, 6], [5]]);
  });

  it('words lines, results and the template', () => {
    expect(lineRanges([9, 2, 3, 4, 5, 12, 11])).toBe('2–5, 9, 11–12');
    expect(['Line 10: b', 'x', 'Line 2: a', 'Lines 3–4: c'].sort((a, b) => lineOf(a) - lineOf(b))).toEqual([
      'Line 2: a',
      'Lines 3–4: c',
      'Line 10: b',
      'x',
    ]);
    expect(successText(3)).toBe('Total of successfully validated and processed records: 3.');
    expect(templateCsv('UPDATE').trim()).toBe(UPDATE_HEADER);
  });
});
