import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './DatePicker';
import { DateTimeRange } from './DateTimeRange';
import { rangeError, RANGE_ORDER_MESSAGE, todayIn, todayRange, type DateTimeRangeValue } from './dates';

const LATE_EVENING_CT = new Date('2026-11-22T03:00:00Z');

describe('dates', () => {
  it("reads today in the zone, not the machine's", () => {
    expect(todayIn('America/Chicago', LATE_EVENING_CT)).toBe('2026-11-21');
    expect(todayIn('UTC', LATE_EVENING_CT)).toBe('2026-11-22');
    expect(todayRange('America/Chicago', LATE_EVENING_CT)).toEqual({
      start: '2026-11-21T00:00',
      end: '2026-11-21T23:59',
    });
  });

  it('flags only a complete reversed range', () => {
    expect(rangeError({ start: '2026-11-22T10:00', end: '2026-11-22T09:59' })).toBe(RANGE_ORDER_MESSAGE);
    expect(rangeError({ start: '2026-11-22T10:00', end: '2026-11-22T10:00' })).toBeNull();
    expect(rangeError({ start: '2026-11-22T10:00', end: '' })).toBeNull();
  });
});

describe('DatePicker', () => {
  it('is a date field that names its zone and never sets a value of its own', () => {
    const onChange = vi.fn();
    render(<DatePicker label="Stocking date" value="" onChange={onChange} timeZoneLabel="CT" />);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Stocking date')).toHaveAttribute('type', 'date');
    expect(screen.getByText('Dates in CT')).toBeInTheDocument();
  });

  it('keeps a given value', () => {
    const onChange = vi.fn();
    render(<DatePicker label="Day" value="2026-01-02" onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Day')).toHaveValue('2026-01-02');
  });
});

describe('DateTimeRange', () => {
  function Harness() {
    const [range, setRange] = useState<DateTimeRangeValue>({ start: '', end: '' });
    return <DateTimeRange legend="Events" value={range} onChange={setRange} timeZone="UTC" timeZoneLabel="CT" />;
  }

  it('defaults to today, names the zone and reports a reversed range', async () => {
    render(<Harness />);
    const day = todayIn('UTC');
    expect(screen.getByLabelText('From')).toHaveValue(`${day}T00:00`);
    expect(screen.getByLabelText('To')).toHaveValue(`${day}T23:59`);
    expect(screen.getByText('Times in CT')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2000-01-01T00:00');
    expect(screen.getByRole('alert')).toHaveTextContent(RANGE_ORDER_MESSAGE);
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  });
});
