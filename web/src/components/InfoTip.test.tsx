import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InfoTip } from './InfoTip';

describe('InfoTip keyboard use', () => {
  it('is reached with Tab, shows its text on focus, and keeps the focus ring (no inline outline reset)', async () => {
    const user = userEvent.setup();
    render(<InfoTip label="About activeHour" text="Read as Central time." />);
    await user.tab();
    const button = screen.getByRole('button', { name: 'About activeHour' });
    expect(button).toHaveFocus();
    expect(screen.getByRole('tooltip')).toBeVisible();
    // An inline `all: unset` or `outline: none` beats the stylesheet's :focus-visible ring.
    expect(button.style.getPropertyValue('all')).toBe('');
    expect(button.style.outline + button.style.outlineStyle).not.toMatch(/none|^0/);
    expect(button.getAttribute('style') ?? '').not.toMatch(/\ball\s*:|outline\s*:\s*(none|0)/);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('tooltip', { hidden: true })).not.toBeVisible();
  });
});
