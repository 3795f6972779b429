import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileRow, RowReport } from '@/lib/upload-pipeline';
import { InvalidRowsDownload } from './InvalidRowsDownload';
import { UploadPreviewTable } from './UploadPreviewTable';

const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('@/lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv')>()),
  download: (name: string, text: string) => downloads.push({ name, text }),
}));

const ROWS: FileRow[] = [{ row: 2, values: { item: 'WRAP', price: 'x' } }];
const REPORTS = new Map<number, RowReport>([
  [2, { row: 2, key: null, status: 'invalid', messages: ['price must be a number'], diff: [] }],
]);
const COLUMNS = [{ id: 'item', header: 'item', value: (r: FileRow) => r.values.item }];

beforeEach(() => {
  downloads.length = 0;
});

describe('UploadPreviewTable', () => {
  it('shows the rows, highlighted, and exports them as checked-<file>.csv', async () => {
    render(
      <UploadPreviewTable
        label="Price preview"
        fileName="prices.v2.csv"
        rows={ROWS}
        columns={COLUMNS}
        highlight={() => 'error'}
      />,
    );
    expect(screen.getByRole('table', { name: 'Price preview' })).toHaveTextContent('WRAP');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads.map((d) => d.name)).toEqual(['checked-prices.v2.csv']);
  });

  it('is not there without rows', () => {
    render(
      <UploadPreviewTable label="Price preview" fileName="" rows={[]} columns={COLUMNS} highlight={() => undefined} />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('InvalidRowsDownload', () => {
  it('downloads the invalid rows with their messages as invalid-<file>.csv', async () => {
    render(<InvalidRowsDownload fileName="prices.xlsx" rows={ROWS} reports={REPORTS} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download invalid rows' }));
    expect(downloads).toEqual([
      { name: 'invalid-prices.csv', text: expect.stringContaining('WRAP,x,price must be a number') },
    ]);
  });

  it('is disabled without invalid rows', () => {
    render(<InvalidRowsDownload fileName="prices.csv" rows={[]} reports={REPORTS} />);
    expect(screen.getByRole('button', { name: 'Download invalid rows' })).toBeDisabled();
  });
});
