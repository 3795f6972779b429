import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DatePicker } from './DatePicker';

describe('DatePicker errors', () => {
  it('shows the error under the field, marks it invalid and describes it with the error', () => {
    render(
      <DatePicker
        label="End Date"
        value="2026-01-01"
        onChange={() => {}}
        descriptiveText="The last day the codes work"
        hasError
        errorMessage="End Date must be on or after Start Date"
      />,
    );
    const field = screen.getByLabelText('End Date');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('End Date must be on or after Start Date'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('The last day the codes work'));
    const message = screen.getByText('End Date must be on or after Start Date');
    // Under the field, not above it.
    expect(field.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing and is valid without hasError, even with a message', () => {
    render(<DatePicker label="Start Date" value="2026-01-01" onChange={() => {}} errorMessage="Not shown" />);
    const field = screen.getByLabelText('Start Date');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Not shown')).not.toBeInTheDocument();
  });
});
