import type { StockingDashboardQuery } from '@/generated/gql/graphql';

// The dashboard's answer and its parts, as the generated query type has them. They live here, not in
// api/stocking-dashboard.ts, so that the lib (which works on them) and the api (which reads them and, for a
// refresh, keeps ended attention items through the lib) both import them without importing each other.

export type StockingDashboard = StockingDashboardQuery['stockingDashboard'];
export type DashboardRoute = StockingDashboard['routes'][number];
export type DashboardStop = NonNullable<DashboardRoute['stops']>[number];
export type DashboardParts = StockingDashboard['parts'];
