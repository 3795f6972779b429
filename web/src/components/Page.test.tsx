import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Page } from './Page';

describe('Page', () => {
  it('shows its heading and names the browser tab after it until it leaves', () => {
    document.title = 'Fleet Console';
    const { rerender, unmount } = render(<Page title="Upload Pars">body</Page>);
    expect(screen.getByRole('heading', { level: 1, name: 'Upload Pars' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Upload Pars · Fleet Console');
    rerender(<Page title="Pars View">body</Page>);
    expect(document.title).toBe('Pars View · Fleet Console');
    unmount();
    expect(document.title).toBe('Fleet Console');
  });

  it('leaves its padding and heading size to the stylesheet, so a phone gets smaller ones', () => {
    render(<Page title="Upload Pars">body</Page>);
    const heading = screen.getByRole('heading', { level: 1, name: 'Upload Pars' });
    expect(heading).toHaveClass('page-title');
    expect(heading.style.fontSize).toBe('');
    expect(heading.parentElement).toHaveClass('page');
    expect(heading.parentElement!.style.padding).toBe('');
  });
});
