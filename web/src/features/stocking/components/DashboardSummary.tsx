import { Button, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import { StatusBadge } from '@/components/StatusBadge';
import { centralTime } from '@/lib/central-time';
import type { StockingDashboard } from '../api/stocking-dashboard';
import { statusTone, stopStatusLabel } from '../lib/dashboard';

export interface DashboardSummaryProps {
  dashboard: StockingDashboard;
  refreshing: boolean;
  onRefresh: () => void;
  /** Why the refresh icon is off (the refresh limit), if it is. */
  refreshDisabledReason?: string;
}

/** The Summary (2-fleet §2.4): 'As of' with a refresh icon, the stocking-day window and each status's count. */
export function DashboardSummary({ dashboard, refreshing, onRefresh, refreshDisabledReason }: DashboardSummaryProps) {
  const { summary } = dashboard;
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
        <Text role="status" aria-live="polite">
          As of {centralTime(dashboard.asOf)} CT{refreshing ? ' (refreshing…)' : ''}
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
      <Text fontSize="small" color="font.secondary">
        Drop-off {dashboard.dropOffDate}: actions from {centralTime(dashboard.windowStart)} to{' '}
        {centralTime(dashboard.windowEnd)} CT · {dashboard.routes.length}{' '}
        {dashboard.routes.length === 1 ? 'route' : 'routes'}, {summary.total} {summary.total === 1 ? 'stop' : 'stops'}
      </Text>
      <ul aria-label="Stops by status" className="status-counts">
        {summary.counts.map((c) => (
          <li key={c.status}>
            <StatusBadge tone={c.count ? statusTone(c.status) : 'neutral'}>
              {stopStatusLabel(c.status)}: {c.count}
            </StatusBadge>
          </li>
        ))}
      </ul>
    </View>
  );
}
