import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { refusalReason } from '@/lib/access';
import type { UploadBody } from '@/lib/upload-pipeline';
import { ApiError } from '@/lib/api';
import { newTestQueryClient, renderWithProviders } from '@/test/utils';
import { UploadWorkbench } from './UploadWorkbench';
import { withSummary } from '@/test/rest';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));

const CSV = 'route,stop\nr1,1\nr2,x\n';

function setup(validRowsGoAlone: boolean) {
  const commit = vi.fn(async (b: UploadBody) => ({
    results: b.rows.map((r) => ({ row: r.row, key: null, status: 'written' as const })),
  }));
  const dryRun = vi.fn(async (b: UploadBody) =>
    withSummary({
      uploadId: b.uploadId,
      summaryText: '1 will change, 1 invalid',
      rows: [
        {
          row: 2,
          key: 'r1',
          status: 'change' as const,
          messages: [],
          diff: [{ attribute: 'stop', oldValue: '4', newValue: '1' }],
        },
        { row: 3, key: 'r2', status: 'invalid' as const, messages: ['Stop must be an integer'], diff: [] },
      ],
    }),
  );
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <UploadWorkbench
        previewLabel="Stops to upload"
        previewColumns={[{ col: 'route', title: 'Route' }]}
        dryRun={dryRun}
        commit={commit}
        commitLabel="Upload"
        validRowsGoAlone={validRowsGoAlone}
        messageOf={(_e, f) => f}
      />
    </QueryClientProvider>,
  );
  return { commit, dryRun };
}

/** Issue 20's reproduction: a route of 3 stops re-uploaded with one stop's stopType changed. */
function setupRoute() {
  const commit = vi.fn(async (b: UploadBody) => ({
    results: b.rows.map((r) => ({ row: r.row, key: null, status: 'written' as const })),
  }));
  const dryRun = vi.fn(async (b: UploadBody) =>
    withSummary({
      uploadId: b.uploadId,
      summaryText: '1 will change, 2 unchanged',
      groups: { '2045-01-02#r1': 3 },
      rows: [
        { row: 2, key: 'A', group: '2045-01-02#r1', status: 'unchanged' as const, messages: [], diff: [] },
        {
          row: 3,
          key: 'B',
          group: '2045-01-02#r1',
          status: 'change' as const,
          messages: [],
          diff: [{ attribute: 'stopType', oldValue: 'DELIVERY', newValue: 'REMOVAL' }],
        },
        { row: 4, key: 'C', group: '2045-01-02#r1', status: 'unchanged' as const, messages: [], diff: [] },
      ],
    }),
  );
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <UploadWorkbench
        previewLabel="Route stops to upload"
        previewColumns={[{ col: 'id', title: 'id' }]}
        dryRun={dryRun}
        commit={commit}
        commitLabel="Upload"
        validRowsGoAlone={false}
        messageOf={(_e, f) => f}
      />
    </QueryClientProvider>,
  );
  return { commit };
}

describe('UploadWorkbench', () => {
  it('sends a touched group whole and declares its count from the dry run', async () => {
    const { commit } = setupRoute();
    const file =
      'date,id,route,stop,stopType\n2045-01-02,A,r1,1,DELIVERY\n2045-01-02,B,r1,2,REMOVAL\n2045-01-02,C,r1,3,DELIVERY\n';
    await userEvent.upload(
      screen.getByLabelText('CSV or Excel file'),
      new File([file], 'week.csv', { type: 'text/csv' }),
    );
    await screen.findByText('3 rows: 1 will change, 2 unchanged');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByText('3 written, 0 failed.')).toBeInTheDocument());
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit.mock.calls[0][0].rows.map((r) => r.row)).toEqual([2, 3, 4]);
    expect(commit.mock.calls[0][0].groups).toEqual({ '2045-01-02#r1': 3 });
  });

  it('blocks the commit while a row is invalid when the upload goes whole', async () => {
    const { commit } = setup(false);
    await userEvent.upload(
      screen.getByLabelText('CSV or Excel file'),
      new File([CSV], 'stops.csv', { type: 'text/csv' }),
    );
    await screen.findByText('2 rows: 1 will change, 1 invalid');
    expect(screen.getByText('stop: 4 → 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(screen.getByText(/this upload goes whole or not at all/)).toBeInTheDocument();
    expect(commit).not.toHaveBeenCalled();
  });

  it('lets the valid rows go alone where allowed, with progress over batches', async () => {
    const { commit } = setup(true);
    await userEvent.upload(
      screen.getByLabelText('CSV or Excel file'),
      new File([CSV], 'stops.csv', { type: 'text/csv' }),
    );
    await screen.findByText('2 rows: 1 will change, 1 invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByText('1 written, 0 failed.')).toBeInTheDocument());
    expect(commit.mock.calls[0][0].rows.map((r) => r.row)).toEqual([2]);
    expect(screen.getByText('1 row')).toBeInTheDocument();
  });
});

describe('UploadWorkbench for a user without the commit action', () => {
  it('disables the file input and the commit button with the reason for a user without the action', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: [], flags: [] });
    render(
      <QueryClientProvider client={newTestQueryClient()}>
        <UploadWorkbench
          previewLabel="Stops to upload"
          previewColumns={[{ col: 'route', title: 'Route' }]}
          dryRun={vi.fn()}
          commit={vi.fn()}
          commitLabel="Upload"
          call="POST /locations/routes/schedule/commit"
          validRowsGoAlone
          messageOf={(_e, f) => f}
        />
      </QueryClientProvider>,
    );
    const reason = refusalReason('POST /locations/routes/schedule/commit', false);
    await waitFor(() => expect(screen.getByLabelText('CSV or Excel file')).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Upload' }).closest('[title]')).toHaveAttribute('title', reason);
    expect(screen.getByLabelText('CSV or Excel file').closest('[title]')).toHaveAttribute('title', reason);
  });

  it('tells a dry run refused for want of permission in the kit dialog, not in the form', async () => {
    vi.mocked(getMyAccess).mockRejectedValue(new Error('offline'));
    const dryRun = vi.fn(async () => {
      throw new ApiError('forbidden', { status: 403 });
    });
    renderWithProviders(
      <UploadWorkbench
        previewLabel="Stops to upload"
        previewColumns={[{ col: 'route', title: 'Route' }]}
        dryRun={dryRun}
        commit={vi.fn()}
        commitLabel="Upload"
        call="POST /locations/routes/schedule/commit"
        validRowsGoAlone
        messageOf={(e, f) => (e instanceof Error ? e.message : f)}
      />,
    );
    await userEvent.upload(
      screen.getByLabelText('CSV or Excel file'),
      new File(['route,stop\nr1,1\n'], 'stops.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Error! User Action Prohibited!');
    expect(screen.queryByText('forbidden')).toBeNull();
    expect(screen.queryByText('The file has problems')).toBeNull();
  });
});
