import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PersonName } from './PersonName';

describe('PersonName', () => {
  it('shows the name, described by the e-mail, and focusable so the keyboard opens its tooltip', async () => {
    render(<PersonName name="Ann Lee" email="ann@fleet" />);
    const name = screen.getByText('Ann Lee');
    expect(name).toHaveAccessibleDescription('ann@fleet');
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('ann@fleet');
    await userEvent.tab();
    expect(name).toHaveFocus();
  });

  it('is the text alone for a user without a name', () => {
    render(<PersonName name="bo@fleet" email="bo@fleet" />);
    expect(screen.getByText('bo@fleet')).not.toHaveAttribute('tabindex');
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });
});
