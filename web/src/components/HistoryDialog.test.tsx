import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { LOAD_HISTORY_FAILURE } from '@/lib/messages';
import { HistoryDialog, type HistoryPages } from './HistoryDialog';

interface Rec {
  at: string;
  who: string;
}

const idle: HistoryPages<Rec> = {
  data: undefined,
  isLoading: false,
  isError: false,
  error: null,
  isFetchNextPageError: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: () => undefined,
};

function show(history: Partial<HistoryPages<Rec>>, onClose = () => {}) {
  return render(
    <HistoryDialog<Rec>
      title="History of X"
      listLabel="Changes of X"
      emptyText="Nothing recorded yet"
      history={{ ...idle, ...history }}
      onClose={onClose}
      renderRecords={(records, label) => (
        <ol aria-label={label}>
          {records.map((r) => (
            <li key={r.at}>
              {r.at} {r.who}
            </li>
          ))}
        </ol>
      )}
    />,
  );
}

const pages = (...pages: Rec[][]) => ({ pages: pages.map((items) => ({ items })) });

describe('HistoryDialog', () => {
  it('says it is loading', () => {
    show({ isLoading: true });
    const dialog = screen.getByRole('dialog', { name: 'History of X' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the history…');
    expect(within(dialog).queryByRole('list')).toBeNull();
  });

  it("shows the server's message when the history cannot be read, else the fallback", () => {
    const first = show({ isError: true, error: new ApiError('Not allowed here', { status: 400 }) });
    expect(screen.getByText('Not allowed here')).toBeTruthy();
    first.unmount();
    show({ isError: true, error: new TypeError('Failed to fetch') });
    expect(screen.getByText(LOAD_HISTORY_FAILURE)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('uses the caller’s fallback text', () => {
    render(
      <HistoryDialog<Rec>
        title="History of X"
        listLabel="Changes of X"
        emptyText="Nothing recorded yet"
        errorText="The history could not be loaded."
        history={{ ...idle, isError: true, error: new TypeError('Failed to fetch') }}
        onClose={() => {}}
        renderRecords={() => null}
      />,
    );
    expect(screen.getByText('The history could not be loaded.')).toBeTruthy();
  });

  it('says when there is nothing recorded', () => {
    show({ data: pages([]) });
    expect(screen.getByText('Nothing recorded yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists the records of every page under the list label, loads more, and closes', async () => {
    const user = userEvent.setup();
    const fetchNextPage = vi.fn();
    const onClose = vi.fn();
    show(
      {
        data: pages([{ at: 't2', who: 'b@x.com' }], [{ at: 't1', who: 'a@x.com' }]),
        hasNextPage: true,
        fetchNextPage,
      },
      onClose,
    );
    const items = within(screen.getByRole('list', { name: 'Changes of X' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['t2 b@x.com', 't1 a@x.com']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps the records shown when a later page fails, and says so under them', () => {
    show({
      data: pages([{ at: 't2', who: 'b@x.com' }]),
      isError: true,
      isFetchNextPageError: true,
      error: new TypeError('Failed to fetch'),
      hasNextPage: true,
    });
    expect(screen.getByRole('list', { name: 'Changes of X' })).toBeTruthy();
    expect(screen.getByText(LOAD_HISTORY_FAILURE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });
});
