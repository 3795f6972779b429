import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headingProblems } from '@/components/heading-outline';
import { refusalReason } from '@/lib/access';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ApiError, rest } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import CouponsPage from '../routes/CouponsPage';
import { CouponGenerator } from './CouponGenerator';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  rest: vi.fn(),
}));
const restMock = vi.mocked(rest);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 23, 12));
  restMock.mockReset();
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
});
afterEach(() => {
  vi.useRealTimers();
});

const generate = () => screen.getByRole('button', { name: 'GENERATE CODE' });

describe('CouponGenerator', () => {
  it('starts both date pickers on today', () => {
    renderWithProviders(<CouponGenerator />);
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-11-23');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-11-23');
  });

  it('says by the dates that the end is before the start, and keeps GENERATE CODE disabled', () => {
    renderWithProviders(<CouponGenerator />);
    const issue = screen.getByLabelText('Issue type');
    fireEvent.focus(issue);
    fireEvent.change(issue, { target: { value: 'expired' } });
    fireEvent.click(screen.getByRole('option', { name: 'Quality: Item expired' }));
    fireEvent.change(screen.getByLabelText('Code value'), { target: { value: '$5' } });
    expect(generate()).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-25' } });
    expect(screen.getByRole('alert')).toHaveTextContent('End date cannot be before start date');
    expect(generate()).toBeDisabled();
    fireEvent.click(generate());
    expect(restMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-25' } });
    expect(screen.queryByText('End date cannot be before start date')).toBeNull();
    expect(generate()).toBeEnabled();
  });
});

const forbidden = () => new ApiError('Error! User Action Prohibited!', { status: 403, errorType: 'Forbidden' });

function fillForm() {
  const issue = screen.getByLabelText('Issue type');
  fireEvent.focus(issue);
  fireEvent.change(issue, { target: { value: 'expired' } });
  fireEvent.click(screen.getByRole('option', { name: 'Quality: Item expired' }));
  fireEvent.change(screen.getByLabelText('Code value'), { target: { value: '$5' } });
}

describe('Coupon Codes for a user the server refuses (issue 22)', () => {
  it('shows one clear state: the permission dialog, no inline error, and no empty-list text beside it', async () => {
    restMock.mockRejectedValue(forbidden());
    renderWithProviders(<CouponsPage />);
    expect(await screen.findByText(/Your codes cannot be shown\./)).toBeInTheDocument();
    fillForm();
    fireEvent.click(generate());
    const dialog = await screen.findByRole('alertdialog', { name: 'Not allowed' });
    expect(within(dialog).getByText('Error! User Action Prohibited!')).toBeInTheDocument();
    // Only the dialog says it: not the form, and the list says nothing about having no codes.
    expect(screen.getAllByText('Error! User Action Prohibited!')).toHaveLength(1);
    expect(screen.queryByText('You have not generated any codes yet')).toBeNull();
  });

  it('shows a failed list as its error alone', async () => {
    restMock.mockRejectedValue(new ApiError('Service unavailable', { status: 503 }));
    renderWithProviders(<CouponsPage />);
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    expect(screen.queryByText('You have not generated any codes yet')).toBeNull();
  });

  it('disables GENERATE CODE for a user without the action, with the reason, and does not ask for the list', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: [], flags: [] });
    renderWithProviders(<CouponsPage />);
    const reason = refusalReason('POST /coupons', false);
    expect(await screen.findByText(`Your codes cannot be shown. ${reason}`)).toBeInTheDocument();
    fillForm();
    await waitFor(() => expect(generate()).toBeDisabled());
    expect(generate().closest('[title]')).toHaveAttribute('title', reason);
    expect(restMock).not.toHaveBeenCalled();
  });

  it('has one h1 and no skipped heading level', async () => {
    restMock.mockResolvedValue({ coupons: [] });
    renderWithProviders(<CouponsPage />);
    expect(await screen.findByText('You have not generated any codes yet')).toBeInTheDocument();
    expect(headingProblems(document.body)).toEqual([]);
  });
});

describe('the code dialog (issue 43)', () => {
  it('gives the focus back to GENERATE CODE on Escape, though the button lost it while waiting', async () => {
    let answer!: (v: unknown) => void;
    restMock.mockImplementation(async (path) =>
      path === 'generate_coupon'
        ? new Promise((resolve) => (answer = resolve as (v: unknown) => void))
        : ({ coupons: [] } as never),
    );
    renderWithProviders(<CouponGenerator />);
    fillForm();
    await waitFor(() => expect(generate()).toBeEnabled());
    const button = generate();
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    // As the browser does, a focused button that is disabled gives the focus up to the page (jsdom
    // keeps it there: a passer-by takes it, then goes).
    const passer = document.body.appendChild(document.createElement('input'));
    passer.focus();
    passer.remove();
    expect(document.activeElement).toBe(document.body);
    answer({ couponCode: 'CS-ABC123', reason: 'Quality: Item expired', value: '$5', endDate: '2026-11-23' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Customer Service Code' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(button).toHaveFocus();
    expect(button).toHaveTextContent('GENERATE CODE');
  });
});
