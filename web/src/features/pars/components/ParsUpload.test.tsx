import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refusalReason } from '@/lib/access';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ApiError } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { archivePars } from '../api/archive-pars';
import { dryRunPars } from '../api/dry-run-pars';
import { opsLocationIds } from '../api/ops-location-ids';
import { fridgeOrderCounts } from '../api/fridge-order-counts';
import { uploadParMaps } from '../api/upload-par-maps';
import { ParsUpload } from './ParsUpload';
import { withSummary } from '@/test/rest';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
vi.mock('../api/archive-pars', () => ({ archivePars: vi.fn() }));
vi.mock('../api/dry-run-pars', () => ({ dryRunPars: vi.fn() }));
vi.mock('../api/ops-location-ids', () => ({ opsLocationIds: vi.fn() }));
vi.mock('../api/fridge-order-counts', () => ({ fridgeOrderCounts: vi.fn() }));
/** Every date asked has `n` orders. */
const ordersEachDay = (n: number) =>
  vi
    .mocked(fridgeOrderCounts)
    .mockImplementation(async (dates) => dates.map((deliveryDate) => ({ deliveryDate, count: n })));
vi.mock('../api/upload-par-maps', () => ({ uploadParMaps: vi.fn() }));
const archive = vi.mocked(archivePars);
/** An order as the server's check answers it. */
const order = (location: string) => ({
  location,
  deliveryDate: '2045-01-02',
  dropOffDate: '2045-01-02',
  jit: false,
  stockingIndex: 1,
  parsAndItems: [{ pars: 3, itemName: 'Greek Salad' }],
  overCapacityAmountsAndItems: [],
  priorityBoostItems: [],
  jitItems: [],
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  vi.mocked(opsLocationIds).mockResolvedValue([]);
  localStorage.clear();
  ordersEachDay(0);
  vi.mocked(dryRunPars).mockImplementation(async (b: UploadBody) =>
    withSummary({
      uploadId: b.uploadId,
      summaryText: 'checked',
      rows: b.rows.map((r) => ({ row: r.row, key: null, status: 'new' as const, messages: [], diff: [] })),
      chunks: [[order('CHI_0001')]],
    }),
  );
  vi.mocked(uploadParMaps).mockResolvedValue({ success: true, results: [] });
  archive.mockResolvedValue({ key: 'k', stored: true });
});

async function upload(file: File) {
  renderWithProviders(<ParsUpload />);
  await userEvent.upload(await screen.findByLabelText('CSV file'), file);
  const button = screen.getByRole('button', { name: 'Upload Pars' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  await screen.findByText('Upload Complete');
}

describe('ParsUpload archive (issue 20)', () => {
  it("keeps the chosen CSV's own text, byte for byte, not a rebuild from its rows", async () => {
    // A header in another case, CRLF line ends, a quoted cell and an extra column: a rebuild changed all of them.
    const text =
      'Location,dropOffDate,deliveryDate,stockingIndex,item,par,overCapacityAmount,jit,priorityBoost,note\r\n' +
      'CHI_0001,2045-01-02,2045-01-02,1,Greek Salad,3,,false,,"kept, as is"\r\n';
    await upload(new File([text], 'pars.csv', { type: 'text/csv' }));
    await waitFor(() => expect(archive).toHaveBeenCalledTimes(1));
    const [body] = archive.mock.calls[0];
    expect(body.fileName).toBe('pars.csv');
    expect(body.csv).toBe(text);
    expect(body.uploadId).toBe(vi.mocked(dryRunPars).mock.calls[0][0].uploadId);
  });

  it('does not archive an .xlsx (it is not CSV text)', async () => {
    const { xlsx } = await loadWriter();
    const sheet = xlsx([
      ['location', 'dropOffDate', 'deliveryDate', 'stockingIndex', 'item', 'par'],
      ['CHI_0001', '2045-01-02', '2045-01-02', '1', 'Greek Salad', '3'],
    ]);
    await upload(new File([sheet], 'pars.xlsx'));
    expect(uploadParMaps).toHaveBeenCalledTimes(1);
    expect(archive).not.toHaveBeenCalled();
  });
});

describe('ParsUpload sends the orders of the check', () => {
  it("sends each chunk of the server's check as it is, one uploadParMaps call each, and groups nothing itself", async () => {
    const chunks = [[order('A'), order('B')], [order('C')]];
    vi.mocked(dryRunPars).mockImplementation(async (b: UploadBody) =>
      withSummary({
        uploadId: b.uploadId,
        summaryText: 'checked',
        rows: b.rows.map((r) => ({ row: r.row, key: null, status: 'new' as const, messages: [], diff: [] })),
        chunks,
      }),
    );
    // The file's own rows would make one order; the check's answer is what is sent.
    const text = 'location,dropOffDate,deliveryDate,stockingIndex,item,par\nZ,2045-01-02,2045-01-02,,X,1\n';
    await upload(new File([text], 'pars.csv', { type: 'text/csv' }));
    const uploadId = vi.mocked(dryRunPars).mock.calls[0][0].uploadId;
    expect(vi.mocked(uploadParMaps).mock.calls).toEqual([
      [uploadId, chunks[0]],
      [uploadId, chunks[1]],
    ]);
  });
});

const reason = (call: string) => refusalReason(call, false);

describe('ParsUpload: the existing orders (issue 22)', () => {
  it('counts the existing orders when the lookup answers', async () => {
    ordersEachDay(1);
    renderWithProviders(<ParsUpload />);
    expect(
      await screen.findByText(/15 fridge orders already exist for today and the next 14 days\./),
    ).toBeInTheDocument();
  });

  it('does not claim 0 orders when the lookup fails: the count is unknown', async () => {
    vi.mocked(fridgeOrderCounts).mockRejectedValue(new Error('offline'));
    renderWithProviders(<ParsUpload />);
    expect(await screen.findByText(/is unknown\./)).toBeInTheDocument();
    expect(screen.queryByText(/0 fridge orders already exist/)).toBeNull();
  });

  it('does not claim 0 orders when the server refuses the lookup', async () => {
    vi.mocked(fridgeOrderCounts).mockRejectedValue(new ApiError('Error! User Action Prohibited!', { status: 403 }));
    renderWithProviders(<ParsUpload />);
    expect(await screen.findByText(/is unknown\. The server refused the lookup\./)).toBeInTheDocument();
    expect(screen.queryByText(/\d fridge orders? already exists? for/)).toBeNull();
  });

  it('does not look up for a user without the orders action, says why, and refuses Upload Pars without its action', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: ['UploadPars', 'GetAllLocation'], flags: [] });
    renderWithProviders(<ParsUpload />);
    expect(await screen.findByText(new RegExp(`is unknown\\. ${reason('fridgeOrderCounts')}`))).toBeInTheDocument();
    expect(fridgeOrderCounts).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Upload Pars' }).closest('[title]')).toBeNull();
  });

  it('disables Upload Pars for a user without the upload action, with the reason', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: ['GetPars', 'GetAllLocation'], flags: [] });
    renderWithProviders(<ParsUpload />);
    const button = await screen.findByRole('button', { name: 'Upload Pars' });
    expect(button).toBeDisabled();
    await waitFor(() => expect(button.closest('[title]')).toHaveAttribute('title', reason('uploadParMaps')));
  });
});

/** The e2e tests' XLSX writer (plain JS outside src/). */
async function loadWriter() {
  const load = Object.values(
    import.meta.glob<{ xlsx: (rows: string[][]) => Uint8Array<ArrayBuffer> }>('../../../../e2e/xlsx.mjs'),
  )[0];
  if (!load) throw new Error('e2e/xlsx.mjs not found');
  return load();
}

describe('ParsUpload loading phase (issue 63)', () => {
  it('asks for the ops locations and the 15 days of orders at once, and counts every step', async () => {
    let answerLocations: (ids: never[]) => void = () => undefined;
    vi.mocked(opsLocationIds).mockReturnValue(new Promise((resolve) => (answerLocations = resolve)));
    ordersEachDay(1);
    renderWithProviders(<ParsUpload />);
    // The orders do not wait for the ops locations' pages: one count of the 15 days, 15 of the 16 steps.
    await waitFor(() => expect(fridgeOrderCounts).toHaveBeenCalledTimes(1));
    expect(new Set(vi.mocked(fridgeOrderCounts).mock.calls[0][0]).size).toBe(15);
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '15'));
    expect(bar).toHaveAttribute('aria-valuemax', '16');
    expect(screen.queryByLabelText('CSV file')).toBeNull();
    answerLocations([]);
    expect(await screen.findByLabelText('CSV file')).toBeInTheDocument();
    expect(screen.getByText(/15 fridge orders already exist for today and the next 14 days/)).toBeInTheDocument();
  });

  it("keeps the day's ops locations: a second visit that day reads none of the fleet's pages", async () => {
    vi.mocked(opsLocationIds).mockResolvedValue([{ id: 'CHI_0001', type: 'FRIDGE' }]);
    const first = renderWithProviders(<ParsUpload />);
    expect(await screen.findByLabelText('CSV file')).toBeInTheDocument();
    first.unmount();
    // A new page load: a new query client, the same browser storage.
    renderWithProviders(<ParsUpload />);
    expect(await screen.findByLabelText('CSV file')).toBeInTheDocument();
    expect(opsLocationIds).toHaveBeenCalledTimes(1);
  });
});

describe('ParsUpload: the count after an upload (issue 63)', () => {
  it('asks for the orders again after a successful upload, so the count includes those just written', async () => {
    const text =
      'Location,dropOffDate,deliveryDate,stockingIndex,item,par\nCHI_0001,2045-01-02,2045-01-02,1,Greek Salad,3\n';
    renderWithProviders(<ParsUpload />);
    expect(await screen.findByText(/0 fridge orders already exist/)).toBeInTheDocument();
    ordersEachDay(1);
    await userEvent.upload(
      await screen.findByLabelText('CSV file'),
      new File([text], 'pars.csv', { type: 'text/csv' }),
    );
    const button = screen.getByRole('button', { name: 'Upload Pars' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await screen.findByText('Upload Complete');
    expect(await screen.findByText(/15 fridge orders already exist/)).toBeInTheDocument();
    // The ops locations did not change: asked once.
    expect(opsLocationIds).toHaveBeenCalledTimes(1);
  });
});
