import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rest } from '@/lib/api';
import { renderWithProviders } from '@/test/utils';
import { BulkImport } from './BulkImport';
import { restTarget } from '@/test/rest';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  rest: vi.fn(),
}));
const restMock = vi.mocked(rest);

const CSV = `POS_NAME__c,Fridge_City__c,Business_Hours__c
IMP_1,Chicago,24 Hours
IMP_2,Chicago,24 Hours
IMP_DUP,Chicago,24 Hours
,Chicago,24 Hours
IMP_5,Chicago,Mon-Fri 8-5
`;

type Body = { uploadId: string; fileName: string; rows: { row: number; values: Record<string, string> }[] };

beforeEach(() => {
  restMock.mockReset();
  restMock.mockImplementation(async (route, request) => {
    const { path, body } = restTarget(route, request);
    const b = body as Body;
    if (path === '/locations/bulk/dry-run') {
      return {
        uploadId: b.uploadId,
        summaryText: '3 new, 2 invalid',
        rows: b.rows.map((r) => {
          const id = r.values.POS_NAME__c ?? '';
          const messages = !id
            ? ['POS_NAME__c cannot be empty']
            : r.values.Business_Hours__c !== '24 Hours'
              ? ['Only 24 Hours fridges are supported']
              : [];
          return { row: r.row, key: id || null, status: messages.length ? 'invalid' : 'new', messages, diff: [] };
        }),
      } as never;
    }
    return {
      results: b.rows.map((r) =>
        r.values.POS_NAME__c === 'IMP_DUP'
          ? { row: r.row, key: 'IMP_DUP', status: 'failed', message: 'Location IMP_DUP already exists' }
          : { row: r.row, key: r.values.POS_NAME__c, status: 'written' },
      ),
    } as never;
  });
});

describe('BulkImport on the upload pipeline', () => {
  it('dry-runs the whole file, commits only the valid rows, removes created ones and keeps failures', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BulkImport />);
    await user.upload(screen.getByLabelText('CSV or Excel file'), new File([CSV], 'export.csv', { type: 'text/csv' }));
    const table = await screen.findByRole('table', { name: 'Locations to import' });
    await waitFor(() => expect(within(table).getAllByRole('img', { name: /^valid/ })).toHaveLength(3));
    expect(within(table).getAllByRole('img', { name: /^invalid/ })).toHaveLength(2);
    expect(screen.getByText('5 rows: 3 new, 2 invalid')).toBeInTheDocument();
    const dry = restTarget(...restMock.mock.calls[0]);
    expect(dry.path).toBe('/locations/bulk/dry-run');
    expect((dry.body as Body).rows[0]).toEqual({
      row: 2,
      values: { POS_NAME__c: 'IMP_1', Fridge_City__c: 'Chicago', Business_Hours__c: '24 Hours' },
    });
    expect(
      within(screen.getByRole('list', { name: 'Invalid rows' })).getByText(
        'Row 6: Only 24 Hours fridges are supported',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create new locations' }));
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(3));
    const commit = restTarget(...restMock.mock.calls[1]);
    expect(commit.path).toBe('/locations/bulk/commit');
    expect((commit.body as Body).uploadId).toBe((dry.body as Body).uploadId);
    expect((commit.body as Body).rows.map((r) => r.row)).toEqual([2, 3, 4]);
    expect(within(table).getByText('Location IMP_DUP already exists')).toBeInTheDocument();
    expect(screen.getByText('2 created, 1 failed.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Create new locations' })).toBeDisabled();
  });

  it('reports CSV parse errors instead of ignoring them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BulkImport />);
    await user.upload(
      screen.getByLabelText('CSV or Excel file'),
      new File(['POS_NAME__c,Fridge_City__c\nA,Chicago\nB\n'], 'bad.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('Row 3: Too few fields: expected 2 fields but parsed 1')).toBeInTheDocument();
  });
});
