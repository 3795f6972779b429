import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AttributeTable } from './AttributeTable';

describe('AttributeTable', () => {
  it('shows attribute/value rows with their colour as data and as a named dot', () => {
    render(
      <AttributeTable
        label="Health"
        rows={[
          { key: 'temperature', attribute: 'Temperature', value: '42 °F', colour: 'red' },
          { key: 'timezone', attribute: 'Timezone', value: 'America/Chicago' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Health' });
    const row = within(table).getByRole('row', { name: /Temperature/ });
    expect(row).toHaveAttribute('data-colour', 'red');
    expect(row).toHaveAttribute('data-field', 'temperature');
    expect(within(row).getByRole('img', { name: 'red' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Timezone/ })).toHaveAttribute('data-colour', 'none');
  });

  it("says 'No data' when empty", () => {
    render(<AttributeTable label="Health" rows={[]} />);
    expect(screen.getByText('No data')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
