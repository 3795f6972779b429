import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clampToastDuration, ToastProvider, useToast, type ToastOptions } from './toast';

describe('clampToastDuration', () => {
  it('defaults to 6000 ms', () => {
    expect(clampToastDuration()).toBe(6000);
    expect(clampToastDuration(Number.NaN)).toBe(6000);
  });
  it('keeps values within 4000..7000 ms', () => {
    expect(clampToastDuration(1000)).toBe(4000);
    expect(clampToastDuration(4000)).toBe(4000);
    expect(clampToastDuration(5500)).toBe(5500);
    expect(clampToastDuration(7000)).toBe(7000);
    expect(clampToastDuration(60_000)).toBe(7000);
    expect(clampToastDuration(Number.POSITIVE_INFINITY)).toBe(6000);
  });
});

function Trigger({
  kind,
  message,
  options,
}: {
  kind: 'success' | 'error' | 'info';
  message: string;
  options?: ToastOptions;
}) {
  const toast = useToast();
  return <button onClick={() => toast[kind](message, options)}>show</button>;
}

describe('ToastProvider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a success toast as a status and hides it after 6000 ms', () => {
    render(
      <ToastProvider>
        <Trigger kind="success" message="Saved" />
      </ToastProvider>,
    );
    act(() => screen.getByText('show').click());
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(5999));
    expect(screen.queryByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows errors as alerts and clamps a too short duration to 4000 ms', () => {
    render(
      <ToastProvider>
        <Trigger kind="error" message="Failed" options={{ durationMs: 500 }} />
      </ToastProvider>,
    );
    act(() => screen.getByText('show').click());
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.queryByText('Failed')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('clamps a too long duration to 7000 ms', () => {
    render(
      <ToastProvider>
        <Trigger kind="info" message="FYI" options={{ durationMs: 20_000 }} />
      </ToastProvider>,
    );
    act(() => screen.getByText('show').click());
    act(() => vi.advanceTimersByTime(7000));
    expect(screen.queryByText('FYI')).not.toBeInTheDocument();
  });

  it('shows a detail line under the message', () => {
    render(
      <ToastProvider>
        <Trigger
          kind="success"
          message="Out of Order ENABLED successfully"
          options={{ detail: 'This command should be processed within 5 minutes.' }}
        />
      </ToastProvider>,
    );
    act(() => screen.getByText('show').click());
    const toast = screen.getByRole('status');
    expect(screen.getByText('Out of Order ENABLED successfully')).toBeInTheDocument();
    expect(screen.getByText('This command should be processed within 5 minutes.')).toBeInTheDocument();
    expect(toast).toHaveTextContent(
      'Out of Order ENABLED successfullyThis command should be processed within 5 minutes.',
    );
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.queryByText('Out of Order ENABLED successfully')).not.toBeInTheDocument();
  });
});

describe('where the toasts are (issue 43)', () => {
  afterEach(() => document.querySelectorAll('.app-header').forEach((h) => h.remove()));

  const show = () => {
    render(
      <ToastProvider>
        <Trigger kind="success" message="Saved" />
      </ToastProvider>,
    );
    act(() => screen.getByText('show').click());
    return screen.getByText('Saved').closest('.toast-region') as HTMLElement;
  };

  it('starts below the navigation bar, not over it', () => {
    const bar = document.body.appendChild(document.createElement('header'));
    bar.className = 'app-header';
    bar.getBoundingClientRect = () =>
      ({ top: 0, bottom: 64, left: 0, right: 1000, height: 64, width: 1000 }) as DOMRect;
    expect(show().style.top).toBe('calc(64px + 0.75rem)');
  });

  it('starts at the top of the window without a bar (the sign-in form)', () => {
    expect(show().style.top).toBe('0.75rem');
  });
});
