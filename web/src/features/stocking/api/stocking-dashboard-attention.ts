import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { StockingDashboard } from '../lib/dashboard-types';
import { serverFilter, type DashboardQuery } from '../lib/filters';

const STOCKING_DASHBOARD_ATTENTION = gql(`query StockingDashboardAttention($filter: StockingDashboardFilter!) {
  stockingDashboard(filter: $filter, rowsUpTo: 1) {
    attention { ...AttentionPanelFields }
  }
}`);

/**
 * The searched day's whole Needs-attention panel, for a first answer that carried each kind's first items only
 * (`ATTENTION_FIRST`): only the panel is selected, and the answer carries one route's rows at most (`rowsUpTo`).
 */
export async function getDashboardAttention(query: DashboardQuery) {
  const filter = serverFilter(query);
  return (await graphql(STOCKING_DASHBOARD_ATTENTION, { filter })).stockingDashboard.attention;
}

/** `board` with the whole panel in place of the first items it had; the rest of the board stays. */
export function withAttention(
  board: StockingDashboard,
  attention: Awaited<ReturnType<typeof getDashboardAttention>>,
): StockingDashboard {
  return { ...board, attention };
}
