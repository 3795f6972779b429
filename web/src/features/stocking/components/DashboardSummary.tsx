import { Button, Flex, Heading, Text, ToggleButton, View } from '@aws-amplify/ui-react';
import { StatusBadge } from '@/components/StatusBadge';
import { centralTime } from '@/lib/central-time';
import type { StockingDashboard } from '../lib/dashboard-types';
import { statusTone, stopStatusLabel } from '../lib/dashboard';
import { asOfText, lastChangeText, liveText, type LiveState } from '../lib/live-status';

export interface DashboardSummaryProps {
  dashboard: StockingDashboard;
  refreshing: boolean;
  onRefresh: () => void;
  /** Why the refresh icon is off (the refresh limit), if it is. */
  refreshDisabledReason?: string;
  /** The last read failed: 'Not updated since {time}. Retrying.' until one succeeds. */
  failed?: boolean;
  /** Reads go on (false once the refresh limit is reached): the failure's 'Retrying.'. */
  retrying?: boolean;
  /** The live connection (issue 61), and when the last change it brought was written. */
  live?: LiveState;
  lastChangeAt?: string | null;
  /** The polite live region's words for the last changes ('3 stops changed'). */
  changes?: string;
  /**
   * Find a stop (issue 61): each status's count is a toggle that shows only the stops of the statuses pressed
   * (with the search's text). Without it the counts are plain.
   */
  onStatus?: (status: string) => void;
  /** The statuses pressed. */
  statuses?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The Summary (2-fleet §2.4): 'As of' with a refresh icon, whether the page is live (issue 61), the stocking-day
 * window and each status's count (a toggle of the stops shown, issue 61). Only the connection's state and the changes are live regions: a live page reads
 * often, and its 'As of' is not read out each time.
 */
export function DashboardSummary({
  dashboard,
  refreshing,
  onRefresh,
  refreshDisabledReason,
  failed = false,
  retrying = true,
  live = 'off',
  lastChangeAt = null,
  changes = '',
  onStatus,
  statuses = NONE,
}: DashboardSummaryProps) {
  const { summary } = dashboard;
  const connection = liveText(live);
  return (
    <View
      as="section"
      aria-labelledby="dashboard-summary"
      padding="1rem"
      backgroundColor="background.secondary"
      borderRadius="6px"
    >
      <Flex alignItems="center" gap="0.75rem" wrap="wrap">
        <Heading level={2} id="dashboard-summary" fontSize="large">
          Summary
        </Heading>
        <Text className={failed ? 'dashboard-as-of dashboard-as-of--failed' : 'dashboard-as-of'}>
          {asOfText(dashboard.asOf, failed, retrying)}
          {/* A live page reads every few seconds: no flicker. */}
          {refreshing && live !== 'live' ? ' (refreshing…)' : ''}
        </Text>
        <Button
          size="small"
          variation="link"
          onClick={onRefresh}
          isDisabled={refreshing || !!refreshDisabledReason}
          aria-label="Refresh now"
          title={refreshDisabledReason ?? 'Refresh now'}
        >
          <span aria-hidden="true" style={{ fontSize: '1.2rem' }}>
            ⟳
          </span>
        </Button>
      </Flex>
      <Flex alignItems="center" gap="0.5rem" wrap="wrap" className="live-line">
        {/* The state alone is a live region; the time of the last change is not read out at each change. */}
        <Text as="span" role="status" className="live-status" data-live={live}>
          {connection}
        </Text>
        {live === 'live' ? (
          <Text as="span" className="live-last-change">
            · {lastChangeText(lastChangeAt)}
          </Text>
        ) : null}
        <Text as="span" role="status" aria-live="polite" className="live-changes">
          {changes}
        </Text>
      </Flex>
      <Text fontSize="small" color="font.secondary">
        Drop-off {dashboard.dropOffDate}: actions from {centralTime(dashboard.windowStart)} to{' '}
        {centralTime(dashboard.windowEnd)} CT · {dashboard.routes.length}{' '}
        {dashboard.routes.length === 1 ? 'route' : 'routes'}, {summary.total} {summary.total === 1 ? 'stop' : 'stops'}
      </Text>
      <ul aria-label="Stops by status" className="status-counts">
        {summary.counts.map((c) => (
          <li key={c.status}>
            {onStatus ? (
              <ToggleButton
                size="small"
                value={c.status}
                isPressed={statuses.has(c.status)}
                onChange={() => onStatus(c.status)}
                // Nothing to show of a status no stop has; one pressed can always be released.
                isDisabled={!c.count && !statuses.has(c.status)}
                className="status-toggle"
                data-status={c.status}
                data-tone={c.count ? statusTone(c.status) : 'neutral'}
              >
                {stopStatusLabel(c.status)}: {c.count}
              </ToggleButton>
            ) : (
              <StatusBadge tone={c.count ? statusTone(c.status) : 'neutral'}>
                {stopStatusLabel(c.status)}: {c.count}
              </StatusBadge>
            )}
          </li>
        ))}
      </ul>
    </View>
  );
}
