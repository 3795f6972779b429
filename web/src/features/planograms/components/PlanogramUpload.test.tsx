import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, graphql, rest } from '@/lib/api';
import type { DryRun, UploadBody } from '@/lib/upload-pipeline';
import { headingProblems } from '@/components/heading-outline';
import { refusalReason } from '@/lib/access';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import PlanogramsPage from '../routes/PlanogramsPage';
import { PlanogramUpload } from './PlanogramUpload';
import { restTarget, withSummary } from '@/test/rest';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
  rest: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const graphqlMock = vi.mocked(graphql);
const restMock = vi.mocked(rest);
let dryRuns: UploadBody[];
/** The server's dry run: every row new unless a test says otherwise. */
let dryAnswer: (body: UploadBody) => DryRun;
type Call = { input: Record<string, unknown>[]; uploadId: string; fileName: string };
let calls: Call[];
let answer: (call: Call) => unknown;

beforeEach(() => {
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  calls = [];
  dryRuns = [];
  dryAnswer = (body) =>
    withSummary({
      uploadId: body.uploadId,
      summaryText: '',
      rows: body.rows.map((r) => ({ row: r.row, key: null, status: 'new', messages: [], diff: [] })),
    });
  restMock.mockReset();
  restMock.mockImplementation(async (route, request) => {
    const { method, path } = restTarget(route, request);
    if (method === 'POST' && path === '/planograms/dry-run') {
      dryRuns.push(request as UploadBody);
      return dryAnswer(request as UploadBody) as never;
    }
    throw new Error(`${method} ${path}`);
  });
  answer = (c) => ({ successCount: c.input.length, errors: [], totalCount: c.input.length });
  graphqlMock.mockReset();
  graphqlMock.mockImplementation(async (doc: unknown, v?: unknown) => {
    const q = String(doc);
    if (q.includes('schedulePlanogramUpdate(')) {
      const call = v as Call;
      calls.push(call);
      return { schedulePlanogramUpdate: answer(call) } as never;
    }
    throw new Error(q);
  });
});

const HEADER = 'layoutName,slot,vendItemName,activeHour';
const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });
const errorPanel = () => screen.queryByRole('alert');
const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('PlanogramUpload', () => {
  it('blocks a file with errors, listing them under the spec heading', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlanogramUpload />);
    await user.upload(
      screen.getByLabelText('Planogram CSV'),
      csv('dup.csv', `${HEADER}\nL,1:1,X,12/01/2030 06:00:00\nL,1:1,Y,12/01/2030 06:00:00\n`),
    );
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Please fix the following errors and reupload your file:');
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 2: Duplicated records: Lines 2 and 3', 'Line 3: Duplicated records: Lines 2 and 3']);
    expect(submit()).toBeDisabled();

    await user.upload(screen.getByLabelText('Planogram CSV'), csv('notes.txt', 'x'));
    expect(await screen.findByText('Please upload a .csv file')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('refuses a file over the dry run bounds as the server does, and asks the server nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlanogramUpload />);
    const rows = Array.from({ length: 10_001 }, (_, i) => `L,1:${i + 1},X,12/01/2030 06:00:00`).join('\n');
    await user.upload(screen.getByLabelText('Planogram CSV'), csv('many.csv', `${HEADER}\n${rows}\n`));
    expect(
      await screen.findByText('The file has 10,001 rows; at most 10,000 are checked at once. Split it.'),
    ).toBeInTheDocument();
    const big = new File(['x'.repeat(5 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Planogram CSV'), big);
    expect(await screen.findByText('The file is 5.1 MB; at most 5 MB are read. Split it.')).toBeInTheDocument();
    expect(dryRuns).toEqual([]);
    expect(submit()).toBeDisabled();
  });

  it('sends UPDATE rows in batches of 100 under one upload id and shows the total, warnings and server errors', async () => {
    const user = userEvent.setup();
    const onSubmitted = vi.fn();
    answer = (c) =>
      c.input.some((r) => r.line === 2)
        ? {
            successCount: c.input.length - 1,
            errors: ['Line 2: Layout L does not exist. Choose Create New Planogram to add it.'],
            totalCount: c.input.length,
          }
        : { successCount: c.input.length, errors: [], totalCount: c.input.length };
    renderWithProviders(<PlanogramUpload onSubmitted={onSubmitted} />);
    const rows = Array.from(
      { length: 150 },
      (_, i) => `L,${Math.floor(i / 10) + 1}:${(i % 10) + 1},ITEM_${i},12/01/2030 06:00:00`,
    );
    rows.push('L,1:1,LATER,12/02/2030 06:00:00');
    await user.upload(screen.getByLabelText('Planogram CSV'), csv('update.csv', `${HEADER}\n${rows.join('\n')}\n`));
    const warnings = await screen.findByRole('list', { name: 'Warnings' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 2: The same layoutName and slot are also on line(s) 152.',
      'Line 152: The same layoutName and slot are also on line(s) 2.',
    ]);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByText('Total of successfully validated and processed records: 150.')).toBeInTheDocument();
    expect(calls.map((c) => c.input.length)).toEqual([100, 51]);
    expect(new Set(calls.map((c) => c.uploadId)).size).toBe(1);
    expect(calls[0]).toMatchObject({ fileName: 'update.csv' });
    expect(calls[0].input[0]).toEqual({
      requestType: 'UPDATE',
      layoutName: 'L',
      slot: '1:1',
      vendItemName: 'ITEM_0',
      activeHour: '12/01/2030 06:00:00',
      line: 2,
    });
    expect(
      within(errorPanel()!).getByText('Line 2: Layout L does not exist. Choose Create New Planogram to add it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(submit()).toBeDisabled();
    expect(onSubmitted).toHaveBeenCalledWith('L');
  });

  it('sends CREATE rows one call per layout', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlanogramUpload />);
    await user.selectOptions(screen.getByLabelText('Request type'), 'Create New Planogram');
    await user.upload(
      screen.getByLabelText('Planogram CSV'),
      csv('create.csv', 'layoutName,slot,vendItemName,physicalFridgeConfig\nA,1:1,X,6x5\nB,1:1,Y,4x4\nA,1:2,Z,6x5\n'),
    );
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByText('Total of successfully validated and processed records: 3.')).toBeInTheDocument();
    expect(calls.map((c) => c.input.map((r) => [r.layoutName, r.line]))).toEqual([
      [
        ['A', 2],
        ['A', 4],
      ],
      [['B', 3]],
    ]);
    expect(calls[0].input[0]).toEqual({
      requestType: 'CREATE',
      layoutName: 'A',
      slot: '1:1',
      vendItemName: 'X',
      physicalFridgeConfig: '6x5',
      line: 2,
    });
  });

  it('says a permission failure in the spec words', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = () => {
      throw new ApiError('Error! User Action Prohibited!', { errorType: 'Forbidden' });
    };
    renderWithProviders(<PlanogramUpload />);
    await user.upload(screen.getByLabelText('Planogram CSV'), csv('u.csv', `${HEADER}\nL,1:1,X,12/01/2030 06:00:00\n`));
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    // In the kit dialog, not in the form.
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Error! User Action Prohibited!');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(screen.queryByText(/Total of successfully/)).toBeNull();
  });

  it('blocks Submit on what only the server finds (unknown layout, skipped hour) and shows its warnings', async () => {
    const user = userEvent.setup();
    dryAnswer = (body) =>
      withSummary({
        uploadId: body.uploadId,
        summaryText: '',
        rows: [
          { row: 2, key: null, status: 'new', messages: [], diff: [], warnings: ['Something to know.'] },
          {
            row: 3,
            key: null,
            status: 'invalid',
            messages: ['Layout NOPE does not exist. Choose Create New Planogram to add it.'],
            diff: [],
          },
        ],
      });
    renderWithProviders(<PlanogramUpload />);
    await user.upload(
      screen.getByLabelText('Planogram CSV'),
      csv(
        'u.csv',
        `${HEADER}
L,1:1,X,12/01/2030 06:00:00
NOPE,1:1,X,12/01/2030 06:00:00
`,
      ),
    );
    const panel = await screen.findByRole('alert');
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 3: Layout NOPE does not exist. Choose Create New Planogram to add it.']);
    expect(
      within(screen.getByRole('list', { name: 'Warnings' })).getByText('Line 2: Something to know.'),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(dryRuns).toHaveLength(1);
    expect(dryRuns[0]).toMatchObject({
      fileName: 'u.csv',
      rows: [{ row: 2, values: { layoutName: 'L', requestType: 'UPDATE' } }, { row: 3 }],
    });
    expect(calls).toHaveLength(0);
  });

  it('lets Submit go on when the dry run could not be made, but not when it is refused', async () => {
    const user = userEvent.setup();
    dryAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    renderWithProviders(<PlanogramUpload />);
    await user.upload(
      screen.getByLabelText('Planogram CSV'),
      csv(
        'u.csv',
        `${HEADER}
L,1:1,X,12/01/2030 06:00:00
`,
      ),
    );
    expect(await screen.findByText(/The server could not check the file before Submit/)).toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeEnabled());

    dryAnswer = () => {
      throw new ApiError('Error! User Action Prohibited!', { errorType: 'Forbidden', status: 403 });
    };
    await user.upload(
      screen.getByLabelText('Planogram CSV'),
      csv(
        'v.csv',
        `${HEADER}
L,1:2,X,12/01/2030 06:00:00
`,
      ),
    );
    expect(
      await within(await screen.findByRole('alertdialog')).findByText('Error! User Action Prohibited!'),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });
});

describe('Planograms for every user (issue 22)', () => {
  it('disables the file and Submit for a user without the schedule action, with the reason', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: ['GetPlanograms'], flags: [] });
    renderWithProviders(<PlanogramUpload />);
    await waitFor(() => expect(screen.getByLabelText('Planogram CSV')).toBeDisabled());
    expect(screen.getByLabelText('Planogram CSV').closest('[title]')).toHaveAttribute(
      'title',
      refusalReason('POST /planograms/dry-run', false),
    );
    expect(submit()).toBeDisabled();
    expect(submit().closest('[title]')).toHaveAttribute('title', refusalReason('schedulePlanogramUpdate', false));
  });

  it('has one h1 and no skipped heading level, with a layout shown', async () => {
    graphqlMock.mockImplementation(async (doc: unknown) => {
      const q = String(doc);
      if (q.includes('getPlanogramNames')) return { getPlanogramNames: ['L1'] } as never;
      if (q.includes('planogram(')) return { planogram: { layoutName: 'L1', slots: [], upcoming: [] } } as never;
      throw new Error(q);
    });
    const user = userEvent.setup();
    renderWithProviders(<PlanogramsPage />);
    await waitFor(() => expect(screen.getByLabelText('Layout')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Layout'), 'L1');
    expect(await screen.findByRole('heading', { name: 'Upcoming changes' })).toBeInTheDocument();
    expect(headingProblems(document.body)).toEqual([]);
  });
});
