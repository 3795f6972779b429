import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refusalReason } from '@/lib/access';
import { getMyAccess } from '@/lib/access/get-my-access';
import type { UploadBody } from '@/lib/upload-pipeline';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { BackendSchemaError, dryRunPrices, updateItemPrices } from '../api/price-upload';
import { PriceUpload } from './PriceUpload';
import { withSummary } from '@/test/rest';

vi.mock('../api/price-upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/price-upload')>()),
  dryRunPrices: vi.fn(),
  updateItemPrices: vi.fn(),
}));
const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('@/lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv')>()),
  download: (name: string, text: string) => downloads.push({ name, text }),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const dryRun = vi.mocked(dryRunPrices);
const update = vi.mocked(updateItemPrices);

const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });
const HEADER = 'schemaId,item,price';
const GOOD = () => csv('good.csv', `${HEADER}\nS1,KOMBUCHA,4.29\nS1,COLD_BREW,3.99\nS1,WRAP,6\n`);

/** The dry run: a lowercase item is invalid, KOMBUCHA is new, COLD_BREW changes, WRAP is unchanged. */
function answerDryRun() {
  dryRun.mockImplementation(async (b: UploadBody) =>
    withSummary({
      uploadId: b.uploadId,
      summaryText: 'checked by the server',
      rows: b.rows.map((r) => {
        const item = r.values.item ?? '';
        if (item !== item.toUpperCase())
          return { row: r.row, key: null, status: 'invalid' as const, messages: ['item must be uppercase'], diff: [] };
        if (item === 'KOMBUCHA') return { row: r.row, key: item, status: 'new' as const, messages: [], diff: [] };
        if (item === 'COLD_BREW')
          return {
            row: r.row,
            key: item,
            status: 'change' as const,
            messages: [],
            diff: [{ attribute: 'price', oldValue: '3.50', newValue: '3.99' }],
          };
        return { row: r.row, key: item, status: 'unchanged' as const, messages: [], diff: [] };
      }),
    }),
  );
}

const picker = () => screen.getByLabelText('Price file');
const table = () => screen.getByRole('table', { name: 'Price preview' });

beforeEach(() => {
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  downloads.length = 0;
  answerDryRun();
});

describe('PriceUpload', () => {
  it('names missing columns and shows no preview', async () => {
    renderWithProviders(<PriceUpload />);
    await userEvent.upload(picker(), csv('short.csv', 'schemaId,item\nS1,KOMBUCHA\n'));
    expect(await screen.findByText('Missing required columns: price')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Price preview' })).not.toBeInTheDocument();
    expect(dryRun).not.toHaveBeenCalled();
  });

  it('says a file without rows has none', async () => {
    renderWithProviders(<PriceUpload />);
    await userEvent.upload(picker(), csv('empty.csv', `${HEADER}\n`));
    expect(await screen.findByText('The file has no rows.')).toBeInTheDocument();
  });

  it('previews each line, blocks Submit on an invalid one and downloads the invalid rows', async () => {
    renderWithProviders(<PriceUpload />);
    await userEvent.upload(picker(), csv('bad.csv', `${HEADER}\nS1,KOMBUCHA,4.29\nS1,cold brew,3.99\n`));
    expect(await screen.findByText('2 rows: checked by the server')).toBeInTheDocument();
    expect(within(table()).getByText('New item')).toBeInTheDocument();
    expect(within(table()).getByText('item must be uppercase')).toBeInTheDocument();
    expect(within(table()).getByText('Invalid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit (1 update)' })).toBeDisabled();
    expect(
      screen.getByText('Fix the invalid rows and choose the file again: Submit needs every row valid.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download invalid rows' }));
    expect(downloads.map((d) => d.name)).toEqual(['invalid-bad.csv']);
    expect(downloads[0].text).toContain('S1,cold brew,3.99');
  });

  it('submits the updates only and reports success in a dialog', async () => {
    update.mockImplementation(async (b: UploadBody) => ({
      results: b.rows.map((r) => ({ row: r.row, key: null, status: 'written' as const })),
      message: 'Prices saved',
    }));
    renderWithProviders(<PriceUpload />);
    await userEvent.upload(picker(), GOOD());
    expect(await screen.findByText('3 rows: checked by the server')).toBeInTheDocument();
    expect(within(table()).getByText('3.50 → 3.99')).toBeInTheDocument();
    expect(within(table()).getByText('Same price')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit (2 updates)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(within(dialog).getByText('Prices saved')).toBeInTheDocument();
    expect(update.mock.calls[0][0].rows.map((r) => r.row)).toEqual([2, 3]);
    expect(screen.queryByRole('table', { name: 'Price preview' })).not.toBeInTheDocument();
    expect(screen.queryByText(/rows: checked by the server/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  /** Submits the good file with line 3 refused ('price is locked') in a batch the server answers with `message`. */
  async function submitWithLine3Refused(message: string) {
    update.mockImplementation(async (b: UploadBody) => ({
      results: b.rows.map((r) =>
        r.row === 3
          ? { row: 3, key: null, status: 'failed' as const, message: 'price is locked' }
          : { row: r.row, key: null, status: 'written' as const },
      ),
      message,
    }));
    renderWithProviders(<PriceUpload />);
    await userEvent.upload(picker(), GOOD());
    await userEvent.click(await screen.findByRole('button', { name: 'Submit (2 updates)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Update Failed' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Details' })).getByText('Line 3: price is locked'),
    ).toBeInTheDocument();
    return dialog;
  }

  it("says 'Update Failed' in the server's words when the server gave them", async () => {
    const dialog = await submitWithLine3Refused('1 of 2 rows were not updated.');
    expect(within(dialog).getByText('1 of 2 rows were not updated.')).toBeInTheDocument();
  });

  it('keeps only the rows that failed, with their message', async () => {
    const dialog = await submitWithLine3Refused('');
    expect(within(dialog).getByText('1 of 2 prices were not updated.')).toBeInTheDocument();
    expect(within(table()).getByText('price is locked')).toBeInTheDocument();
    expect(within(table()).queryByText('KOMBUCHA')).not.toBeInTheDocument();
    expect(within(table()).queryByText('WRAP')).not.toBeInTheDocument();
  });

  it("says 'Backend Schema Error' when the server answers in an unexpected shape, failing those rows", async () => {
    update.mockRejectedValue(new BackendSchemaError('The server answered in an unexpected shape.'));
    renderWithProviders(<PriceUpload />);
    await userEvent.upload(picker(), GOOD());
    await userEvent.click(await screen.findByRole('button', { name: 'Submit (2 updates)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Backend Schema Error' });
    expect(
      within(dialog).getByText('The server answered in an unexpected shape. 2 of 2 prices were not updated.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Line 2: The server answered in an unexpected shape.')).toBeInTheDocument();
  });

  it('says when nothing needs updating', async () => {
    renderWithProviders(<PriceUpload />);
    await userEvent.upload(picker(), csv('same.csv', `${HEADER}\nS1,WRAP,6\n`));
    expect(await screen.findByText('No Updates Needed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit (0 updates)' })).toBeDisabled();
  });

  it('reports a failed dry run in a dialog', async () => {
    dryRun.mockRejectedValue(new Error('down'));
    renderWithProviders(<PriceUpload />);
    await userEvent.upload(picker(), GOOD());
    const dialog = await screen.findByRole('alertdialog', { name: 'Error Fetching Current Prices' });
    expect(
      within(dialog).getByText('Failed to fetch current prices for comparison. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit (0 updates)' })).toBeDisabled());
  });

  it('shows a changed price as a person reads it, not as JSON text', async () => {
    dryRun.mockImplementation(async (b: UploadBody) =>
      withSummary({
        uploadId: b.uploadId,
        summaryText: 'checked',
        rows: b.rows.map((r) => ({
          row: r.row,
          key: null,
          status: 'change' as const,
          messages: [],
          diff: [{ attribute: 'price', oldValue: '"3.50"', newValue: '3.99' }],
        })),
      }),
    );
    renderWithProviders(<PriceUpload />);
    await userEvent.upload(picker(), csv('one.csv', `${HEADER}\nS1,COLD_BREW,3.99\n`));
    expect(await within(table()).findByText('3.50 → 3.99')).toBeInTheDocument();
  });

  it('disables Submit for a user without the price update action, with the reason', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: ['GetItemPrices'], flags: [] });
    renderWithProviders(<PriceUpload />);
    await userEvent.upload(picker(), csv('one.csv', `${HEADER}\nS1,COLD_BREW,3.99\n`));
    await within(table()).findByText('3.50 → 3.99');
    const submit = screen.getByRole('button', { name: 'Submit (1 update)' });
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit.closest('[title]')).toHaveAttribute('title', refusalReason('updateItemPrices', false));
  });
});
