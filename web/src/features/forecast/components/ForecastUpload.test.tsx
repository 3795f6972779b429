import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { refusalReason } from '@/lib/access';
import { getMyAccess } from '@/lib/access/get-my-access';
import type { UploadBody } from '@/lib/upload-pipeline';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import {
  dryRunForecast,
  putForecastFile,
  requestUploadLink,
  UploadRefused,
  uploadStatus,
} from '../api/upload-forecast';
import { ForecastUpload } from './ForecastUpload';
import { withSummary } from '@/test/rest';
import { uploadIdOf } from '@/test/brands';

vi.mock('../api/upload-forecast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/upload-forecast')>()),
  dryRunForecast: vi.fn(),
  requestUploadLink: vi.fn(),
  putForecastFile: vi.fn(),
  uploadStatus: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const dryRun = vi.mocked(dryRunForecast);

const HEADER = 'Item,AllocationDate,Quantity,ProductionDate';
const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });
const GOOD = csv('good.csv', `${HEADER}\nSoup,2030/01/05,4,2030/01/02\nSalad,2030/01/05,2,2030/01/05\n`);

/** The dry run: 'bad' quantities are invalid, a ProductionDate 3 days early is a holdover warning. */
function answerDryRun() {
  dryRun.mockImplementation(async (b: UploadBody) =>
    withSummary({
      uploadId: b.uploadId,
      summaryText: 'checked',
      rows: b.rows.map((r) =>
        r.values.Quantity === 'bad'
          ? {
              row: r.row,
              key: null,
              status: 'invalid' as const,
              messages: ['Quantity must be a whole number'],
              diff: [],
            }
          : {
              row: r.row,
              key: r.values.Item,
              status: 'new' as const,
              messages: [],
              warnings:
                r.values.ProductionDate === '2030/01/02'
                  ? [`${r.values.Item}: 3 days between ProductionDate and AllocationDate`]
                  : [],
              diff: [],
            },
      ),
    }),
  );
}

const picker = () => screen.getByLabelText('Forecast CSV');
const uploadButton = () => screen.getByRole('button', { name: 'Upload Forecast' });

beforeEach(() => {
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  vi.mocked(requestUploadLink).mockResolvedValue({
    url: 'https://s3.test/put',
    uploadId: uploadIdOf('up-1'),
    expiresInSeconds: 300,
    key: 'forecast-upload/up-1.csv',
  });
  vi.mocked(putForecastFile).mockResolvedValue();
  answerDryRun();
});

describe('ForecastUpload', () => {
  it('refuses a file that is not CSV without asking the server', async () => {
    renderWithProviders(<ForecastUpload />);
    await userEvent.upload(picker(), new File(['x'], 'forecast.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByText('Please upload a .csv file')).toBeInTheDocument();
    expect(dryRun).not.toHaveBeenCalled();
    expect(uploadButton()).toBeDisabled();
  });

  it('lists a missing column, shows the rows unchecked and does not check them', async () => {
    renderWithProviders(<ForecastUpload />);
    await userEvent.upload(picker(), csv('short.csv', 'Item,AllocationDate\nSoup,2030/01/05\n'));
    expect(await screen.findByText('Line 1: Missing column Quantity, ProductionDate')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Forecast preview' })).getByText('Soup')).toBeInTheDocument();
    expect(dryRun).not.toHaveBeenCalled();
    expect(uploadButton()).toBeDisabled();
  });

  it('says a file without rows has none', async () => {
    renderWithProviders(<ForecastUpload />);
    await userEvent.upload(picker(), csv('empty.csv', `${HEADER}\n`));
    expect(await screen.findByText('The file has no rows')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Forecast preview' })).not.toBeInTheDocument();
  });

  it('lists the bad lines and blocks the upload', async () => {
    renderWithProviders(<ForecastUpload />);
    await userEvent.upload(
      picker(),
      csv('bad.csv', `${HEADER}\nSoup,2030/01/05,4,2030/01/05\nSalad,2030/01/05,bad,2030/01/05\n`),
    );
    const list = await screen.findByRole('list', { name: 'Line errors' });
    expect(within(list).getByText('Line 3: Quantity must be a whole number')).toBeInTheDocument();
    expect(screen.getByText('Errors (1)')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
    expect(dryRun.mock.calls[0][0].fileName).toBe('bad.csv');
  });

  it('lists a failed dry run among the file problems', async () => {
    dryRun.mockRejectedValue(new ApiError('The forecast service is down'));
    renderWithProviders(<ForecastUpload />);
    await userEvent.upload(picker(), GOOD);
    expect(await screen.findByText('The forecast service is down')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
  });

  it('opens the Holdover Alert, closes it, and opens it again from its button', async () => {
    renderWithProviders(<ForecastUpload />);
    await userEvent.upload(picker(), GOOD);
    const alert = await screen.findByRole('alertdialog', { name: 'Holdover Alert' });
    expect(
      within(alert).getByText(
        'These items are produced more than 1 day from their allocation. You can still upload the file.',
      ),
    ).toBeInTheDocument();
    expect(
      within(within(alert).getByRole('list', { name: 'Holdover warnings' })).getByText(
        'Line 2: Soup: 3 days between ProductionDate and AllocationDate',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Holdover warnings (1)' }));
    expect(screen.getByRole('alertdialog', { name: 'Holdover Alert' })).toBeInTheDocument();
  });

  it('sends the file whole and says so once its rows are stored', async () => {
    vi.mocked(uploadStatus).mockResolvedValue({
      uploadId: uploadIdOf('up-1'),
      fileName: 'good.csv',
      updatedAt: '2045-01-02T10:00:00Z',
      state: 'applied',
      errors: [],
      written: 2,
      unchanged: 0,
    });
    renderWithProviders(<ForecastUpload />);
    await userEvent.upload(picker(), GOOD);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(uploadButton()).toBeEnabled());
    await userEvent.click(uploadButton());
    expect((await screen.findByText('Forecast uploaded: 2 rows stored.')).closest('[role="status"]')).not.toBeNull();
    expect(requestUploadLink).toHaveBeenCalledWith('good.csv');
    expect(vi.mocked(putForecastFile).mock.calls[0][0]).toBe('https://s3.test/put');
    expect(uploadButton()).toBeDisabled();
  });

  it('lists the lines the ingest did not store', async () => {
    vi.mocked(uploadStatus).mockResolvedValue({
      uploadId: uploadIdOf('up-1'),
      fileName: 'good.csv',
      updatedAt: '2045-01-02T10:00:00Z',
      state: 'failed',
      errors: ['Line 2: Soup is not an item'],
      written: 0,
      unchanged: 0,
    });
    renderWithProviders(<ForecastUpload />);
    await userEvent.upload(picker(), csv('plain.csv', `${HEADER}\nSoup,2030/01/05,4,2030/01/05\n`));
    await waitFor(() => expect(uploadButton()).toBeEnabled());
    await userEvent.click(uploadButton());
    expect(
      (await screen.findByText('The forecast was not stored. Fix these lines and upload the file again:')).closest(
        '[role="alert"]',
      ),
    ).not.toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Ingest errors' })).getByText('Line 2: Soup is not an item'),
    ).toBeInTheDocument();
  });

  it('says why storage refused the file', async () => {
    vi.mocked(putForecastFile).mockRejectedValue(
      new UploadRefused('The upload link expired. Choose Upload Forecast again.'),
    );
    renderWithProviders(<ForecastUpload />);
    await userEvent.upload(picker(), csv('plain.csv', `${HEADER}\nSoup,2030/01/05,4,2030/01/05\n`));
    await waitFor(() => expect(uploadButton()).toBeEnabled());
    await userEvent.click(uploadButton());
    expect(
      (await screen.findByText('The upload link expired. Choose Upload Forecast again.')).closest('[role="alert"]'),
    ).not.toBeNull();
  });
});

describe('ForecastUpload for a user without the upload action (issue 22)', () => {
  it('disables Upload Forecast with the reason, even for a valid file', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: ['GetForecast'], flags: [] });
    renderWithProviders(<ForecastUpload />);
    await userEvent.upload(picker(), csv('ok.csv', `${HEADER}\nSalad,2030/01/05,2,2030/01/05\n`));
    await waitFor(() => expect(dryRun).toHaveBeenCalled());
    await waitFor(() =>
      expect(uploadButton().closest('[title]')).toHaveAttribute(
        'title',
        refusalReason('GET /forecast/upload/url', false),
      ),
    );
    expect(uploadButton()).toBeDisabled();
  });
});
