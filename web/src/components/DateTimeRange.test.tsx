import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateTimeRange } from './DateTimeRange';
import { RANGE_ORDER_MESSAGE } from './dates';

const range = { start: '2026-01-01T00:00', end: '2026-01-02T00:00' };

describe('DateTimeRange errors', () => {
  it("shows the form's error under the fields, which are invalid and described by it", () => {
    render(
      <DateTimeRange
        legend="Window"
        value={range}
        onChange={() => {}}
        timeZoneLabel="CT"
        hasError
        errorMessage="The window must be in the future"
      />,
    );
    for (const label of ['From', 'To']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('The window must be in the future');
    }
    expect(screen.getByRole('alert')).toHaveTextContent('The window must be in the future');
  });

  it('still flags a reversed range on To alone, and is quiet when all is well', () => {
    const { rerender } = render(
      <DateTimeRange
        legend="Window"
        value={{ start: range.end, end: range.start }}
        onChange={() => {}}
        timeZoneLabel="CT"
      />,
    );
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(RANGE_ORDER_MESSAGE);
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid', 'true');
    rerender(<DateTimeRange legend="Window" value={range} onChange={() => {}} timeZoneLabel="CT" />);
    expect(screen.getByLabelText('To')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
