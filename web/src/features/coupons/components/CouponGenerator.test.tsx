import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rest } from '@/lib/api';
import { renderWithProviders } from '@/test/utils';
import { CouponGenerator } from './CouponGenerator';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  rest: vi.fn(),
}));
const restMock = vi.mocked(rest);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 23, 12));
  restMock.mockReset();
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
