import { useEffect, useState } from 'react';
import type { StockingDashboard } from './dashboard-types';
import { isLiveUp } from './live-status';
import type { OwnChanges } from './own-changes';
import { useAutoRefresh, type AutoRefresh } from './use-auto-refresh';
import { useLiveBoard, type LiveBoard } from './use-live-board';

export interface DashboardRefreshOptions {
  /** The drop-off date of the search shown; null while there is none. */
  dropOffDate: string | null;
  /** The answer of this search shown (not a placeholder); undefined while the first loads. */
  board: StockingDashboard | undefined;
  /** Reads the board again (digests): the answer, or undefined when the read failed. */
  read: () => Promise<StockingDashboard | undefined>;
  own?: OwnChanges;
  random?: () => number;
  /** The 2-minute refresh's period and limit (tests). */
  everyMs?: number;
  max?: number;
}

/**
 * How the dashboard stays current: live (useLiveBoard) while connected, and the 2-minute refresh of §4.4
 * (useAutoRefresh) while not — before the first connection, after a drop until the reconnection, or for good when
 * the subscription is refused. Only that refresh (and a refresh by hand) counts toward the 240-refresh limit; the
 * live reads, the minute read and the reconnection's read do not. Past the limit the page stops reading, live too.
 */
export function useDashboardRefresh({ dropOffDate, board, read, own, random, everyMs, max }: DashboardRefreshOptions): {
  live: LiveBoard;
  auto: AutoRefresh;
} {
  const [stopped, setStopped] = useState(false);
  const live = useLiveBoard({ dropOffDate: stopped ? null : dropOffDate, board, read, own, random });
  const auto = useAutoRefresh(dropOffDate !== null && board !== undefined && !isLiveUp(live.state), () => void read(), {
    everyMs,
    max,
  });
  useEffect(() => {
    if (auto.exhausted) setStopped(true);
  }, [auto.exhausted]);
  return { live, auto };
}
