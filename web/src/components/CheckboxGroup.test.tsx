import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CheckboxGroup } from './CheckboxGroup';

function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <CheckboxGroup legend="Region" options={['MW', 'NE', 'WC', 'S']} value={value} onChange={setValue} />
      <output aria-label="chosen">{value.join(',')}</output>
    </>
  );
}

describe('CheckboxGroup', () => {
  it('is a group named by its legend; the chosen options keep the options order', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['WC']} />);
    const group = screen.getByRole('group', { name: 'Region' });
    expect(within(group).getByRole('checkbox', { name: 'WC' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'S' }));
    await user.click(within(group).getByRole('checkbox', { name: 'MW' }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('MW,WC,S');
    await user.click(within(group).getByRole('checkbox', { name: 'WC' }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent(/^MW,S$/);
  });
});
