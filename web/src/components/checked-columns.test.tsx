import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FileRow, RowReport } from '@/lib/upload-pipeline';
import { checkedColumns } from './checked-columns';
import { DataTable } from './DataTable';

const ROWS: FileRow[] = [
  { row: 2, values: { route: 'r1' } },
  { row: 3, values: { route: 'r2' } },
  { row: 4, values: { route: 'r3' } },
];
const REPORTS = new Map<number, RowReport>([
  [
    2,
    {
      row: 2,
      key: 'r1',
      status: 'change',
      messages: [],
      warnings: ['late'],
      diff: [{ attribute: 'stop', oldValue: '4', newValue: '1' }],
    },
  ],
  [3, { row: 3, key: 'r2', status: 'invalid', messages: ['Stop must be an integer'], diff: [] }],
]);

function renderColumns(options: Partial<Parameters<typeof checkedColumns>[1]> = {}) {
  render(
    <DataTable
      label="Preview"
      data={ROWS}
      columns={checkedColumns(REPORTS, { fileColumns: [{ col: 'route', title: 'Route' }], ...options })}
      getRowId={(r) => String(r.row)}
    />,
  );
  return screen.getByRole('table', { name: 'Preview' });
}

describe('checkedColumns', () => {
  it('shows the verdict icon, the row, the file columns and the messages and changes', () => {
    const table = renderColumns();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Status', 'Row', 'Route', 'Message or change']);
    expect(within(table).getByText('late; stop: 4 → 1')).toBeInTheDocument();
    expect(within(table).getByRole('img', { name: 'invalid' })).toHaveTextContent(
      'invalid: invalid: Stop must be an integer',
    );
    expect(within(table).getByRole('img', { name: 'valid' })).toHaveTextContent('valid: will change');
    expect(within(table).getByRole('img', { name: 'pending' })).toHaveTextContent('pending');
  });

  it('takes the row header, the status words and the tooltip from the caller', () => {
    const table = renderColumns({
      rowHeader: 'Line',
      statusText: { new: 'fresh', change: 'altered', unchanged: 'same', invalid: 'refused' },
      statusTitle: (report) => `tip ${report.row}`,
    });
    expect(within(table).getByRole('columnheader', { name: 'Line' })).toBeInTheDocument();
    expect(within(table).getByRole('img', { name: 'invalid' })).toHaveTextContent('invalid: tip 3');
    const status = checkedColumns(REPORTS, {
      fileColumns: [],
      statusText: { new: 'fresh', change: 'altered', unchanged: 'same', invalid: 'refused' },
    })[0];
    expect(ROWS.map((r) => status.value(r))).toEqual(['altered', 'refused', 'checking']);
  });

  it('shows the changed values as a person reads them, not as raw JSON', () => {
    const reports = new Map<number, RowReport>([
      [
        2,
        {
          row: 2,
          key: 'r1',
          status: 'change',
          messages: [],
          diff: [
            { attribute: 'updateReason', oldValue: 'null', newValue: '{"prod":"Holiday Break"}' },
            { attribute: 'status', oldValue: '"OFFLINE"', newValue: '"LIVE"' },
            { attribute: 'price', oldValue: '6.00', newValue: '6.25' },
          ],
        },
      ],
    ]);
    const message = checkedColumns(reports, { fileColumns: [] }).find((c) => c.id === 'message')!;
    expect(message.value(ROWS[0])).toBe(
      'updateReason: None → prod: Holiday Break; status: OFFLINE → LIVE; price: 6.00 → 6.25',
    );
  });
});
