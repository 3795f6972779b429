import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StockingDashboard } from './dashboard-types';
import { attentionItem } from './attention-fixtures';
import { CHANGED_MS, stopRowId } from './live-changes';
import { liveBoard, liveRoute, liveStop } from './live-fixtures';
import { OwnChanges } from './own-changes';
import { useChangeMarks } from './use-change-marks';

const TITLE = 'Stocking Real-Time Dashboard · Fleet Console';
const first = liveBoard([
  liveRoute('R1', [liveStop(), liveStop({ stop: 2, locationId: 'CHI_0002' })]),
  liveRoute('R2', [liveStop({ routeName: 'R2', locationId: 'NYC_0001' })]),
]);
/** Both stops of R1 changed; R2 did not (its very rows). */
const second = liveBoard(
  [
    liveRoute('R1', [
      liveStop({ status: 'COMPLETED' }),
      liveStop({ stop: 2, locationId: 'CHI_0002', status: 'IN_PROGRESS' }),
    ]),
    first.routes[1],
  ],
  [attentionItem('k1', 'STOP_STUCK')],
);

interface Props {
  board: StockingDashboard | undefined;
  search: string | null;
  placeholder?: boolean;
  own?: OwnChanges;
}
const marks = (initial: Props) =>
  renderHook((p: Props) => useChangeMarks(p.board, p.search, p.placeholder ?? false, p.own), {
    initialProps: initial,
  });

let hidden = false;

describe('useChangeMarks', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    hidden = false;
    vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
    document.title = TITLE;
  });
  afterEach(() => vi.useRealTimers());

  it('marks nothing for the first answer, then the changed rows, cards and items for 10 s', () => {
    const { result, rerender } = marks({ board: first, search: 'a' });
    expect(result.current.routes.size).toBe(0);
    expect(result.current.announcement).toBe('');

    rerender({ board: second, search: 'a' });
    expect([...result.current.routes.keys()]).toEqual(['R1']);
    expect(result.current.routes.get('R1')).toEqual(
      new Set([stopRowId(liveStop()), stopRowId(liveStop({ stop: 2, locationId: 'CHI_0002' }))]),
    );
    expect([...result.current.items]).toEqual(['k1']);
    expect(result.current.announcement).toBe('2 stops and 1 Needs-attention item changed');

    act(() => vi.advanceTimersByTime(CHANGED_MS - 1));
    expect(result.current.routes.size).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.routes.size).toBe(0);
    expect(result.current.items.size).toBe(0);
    expect(result.current.announcement).toBe('');
  });

  it('keeps each mark its own 10 s', () => {
    const third = liveBoard(
      [second.routes[0], liveRoute('R2', [liveStop({ routeName: 'R2', locationId: 'NYC_0001', status: 'COMPLETED' })])],
      second.attention.open,
    );
    const { result, rerender } = marks({ board: first, search: 'a' });
    rerender({ board: second, search: 'a' });
    act(() => vi.advanceTimersByTime(6_000));
    rerender({ board: third, search: 'a' });
    expect([...result.current.routes.keys()].sort()).toEqual(['R1', 'R2']);
    expect(result.current.announcement).toBe('1 stop changed');
    act(() => vi.advanceTimersByTime(4_000));
    expect([...result.current.routes.keys()]).toEqual(['R2']);
    act(() => vi.advanceTimersByTime(6_000));
    expect(result.current.routes.size).toBe(0);
  });

  it('marks nothing for another search, or the last search shown while the new one loads', () => {
    const { result, rerender } = marks({ board: first, search: 'a' });
    rerender({ board: first, search: 'b', placeholder: true });
    rerender({ board: second, search: 'b' });
    expect(result.current.routes.size).toBe(0);
    expect(result.current.announcement).toBe('');
  });

  it("does not flash this browser's own change", () => {
    const own = new OwnChanges();
    own.note({ kind: 'ACTION', route: 'R1', locationId: 'CHI_0001', stockingIndex: 1 });
    const { result, rerender } = marks({ board: first, search: 'a', own });
    rerender({ board: second, search: 'a', own });
    expect(result.current.routes.get('R1')).toEqual(
      new Set([stopRowId(liveStop({ stop: 2, locationId: 'CHI_0002' }))]),
    );
    expect(result.current.announcement).toBe('1 stop and 1 Needs-attention item changed');
  });

  it("counts the changes in the tab's title while it is hidden, and clears them when it is shown", () => {
    const { result, rerender, unmount } = marks({ board: first, search: 'a' });
    hidden = true;
    rerender({ board: second, search: 'a' });
    expect(result.current.hiddenCount).toBe(3);
    expect(document.title).toBe(`(3) ${TITLE}`);
    const fourth = liveBoard([liveRoute('R1', [liveStop()])], second.attention.open);
    rerender({ board: fourth, search: 'a' });
    expect(document.title).toBe(`(5) ${TITLE}`);

    hidden = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(document.title).toBe(TITLE);

    // Visible, a change is marked but not counted.
    rerender({ board: second, search: 'a' });
    expect(document.title).toBe(TITLE);
    hidden = true;
    rerender({ board: fourth, search: 'a' });
    expect(document.title).toBe(`(2) ${TITLE}`);
    unmount();
    expect(document.title).toBe(TITLE);
  });
});
