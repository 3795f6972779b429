import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createBrowserRouter, matchRoutes, type Params, type RouteObject } from 'react-router-dom';
import { RequireAccess } from '@/components/RequireAccess';
import { screenNeeds } from '@/lib/access';
import { RequireFlag } from '@/components/RequireFlag';
import { FEATURE_FLAGS, type FeatureFlag } from '@/lib/feature-flags';
import { Layout } from '@/features/shell/components/Layout';
import type { CurrentUser } from '@/lib/auth/useCurrentUser';
import { preloadStockingDashboard } from '@/features/stocking/api/preload-dashboard';
import { preloadFleetHealth } from '@/features/health/api/preload-fleet-health';
import { preloadFridgeHealth } from '@/features/health/api/preload-fridge-health';
import { preloadPermissions } from '@/features/permissions/api/preload-permissions';

// Every screen is loaded lazily (Layout wraps the outlet in Suspense with a loader).
const screenLoaders = new Map<unknown, () => Promise<unknown>>();

function screen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  const component = lazy(load);
  screenLoaders.set(component, load);
  return component;
}

const Home = screen(() => import('@/features/shell/routes/Home'));
const NotFound = screen(() => import('@/features/shell/routes/NotFound'));
const ErrorPage = screen(() => import('@/features/shell/routes/ErrorPage'));
const DeliveryNotice = screen(() => import('@/features/shell/routes/DeliveryNotice'));
const CustomersGroupNotice = screen(() => import('@/features/shell/routes/CustomersGroupNotice'));
const UserPermissionsPage = screen(() => import('@/features/permissions/routes/UserPermissionsPage'));
const LocationsList = screen(() => import('@/features/locations/routes/LocationsList'));
const NewLocation = screen(() => import('@/features/locations/routes/NewLocation'));
const BulkNewLocations = screen(() => import('@/features/locations/routes/BulkNewLocations'));
const LocationDetail = screen(() => import('@/features/locations/routes/LocationDetail'));
const FridgeSoftware = screen(() => import('@/features/software/routes/FridgeSoftware'));
const ViewRoutes = screen(() => import('@/features/routes/routes/ViewRoutes'));
const UpdateRoutes = screen(() => import('@/features/routes/routes/UpdateRoutes'));
const UpdateWeeklyRoutes = screen(() => import('@/features/routes/routes/UpdateWeeklyRoutes'));
const UpdateRouteDrivers = screen(() => import('@/features/routes/routes/UpdateRouteDrivers'));
const LocationSchedule = screen(() => import('@/features/locations/routes/LocationSchedule'));
const BulkSchedule = screen(() => import('@/features/locations/routes/BulkSchedule'));
const ParsUploadPage = screen(() => import('@/features/pars/routes/ParsUploadPage'));
const ParsList = screen(() => import('@/features/pars/routes/ParsList'));
const ParsReport = screen(() => import('@/features/pars/routes/ParsReport'));
const ForecastUploadPage = screen(() => import('@/features/forecast/routes/ForecastUploadPage'));
const ForecastViewPage = screen(() => import('@/features/forecast/routes/ForecastViewPage'));
const CouponsPage = screen(() => import('@/features/coupons/routes/CouponsPage'));
const LogiNext = screen(() => import('@/features/loginext/routes/LogiNext'));
const EmptyChannels = screen(() => import('@/features/reports/routes/EmptyChannels'));
const StockOuts = screen(() => import('@/features/reports/routes/StockOuts'));
const StockingLogs = screen(() => import('@/features/reports/routes/StockingLogs'));
const RouteTemperatures = screen(() => import('@/features/reports/routes/RouteTemperatures'));
const ItemPricesLanding = screen(() => import('@/features/prices/routes/ItemPricesLanding'));
const CsvPricing = screen(() => import('@/features/prices/routes/CsvPricing'));
const PlanogramsPage = screen(() => import('@/features/planograms/routes/PlanogramsPage'));
const PortfolioHealth = screen(() => import('@/features/health/routes/PortfolioHealth'));
const FridgeHealth = screen(() => import('@/features/health/routes/FridgeHealth'));
const FridgeInventory = screen(() => import('@/features/inventory/routes/FridgeInventory'));
const StockingDashboard = screen(() => import('@/features/stocking/routes/StockingDashboard'));
const DropOffSummary = screen(() => import('@/features/dropoff/routes/DropOffSummary'));
const JitManagement = screen(() => import('@/features/jit/routes/JitManagement'));

/** Puts a screen's first data in the query cache ahead of its render (a returning user's first screen). */
export type DataPreload = (client: QueryClient, user: CurrentUser, params: Params) => void;

/** What a route can load ahead of its render: its screen's module, and the data its first render reads. */
interface ScreenPreload {
  code?: () => Promise<unknown>;
  data?: DataPreload;
}

/**
 * A screen. A screen listed in SCREEN_NEEDS sits behind the action of the
 * call it is built on (the server's registry says which): a user without it
 * is told so plainly instead of meeting a failed request. Its route's handle
 * names what `preloadScreen` loads ahead (the element may be a guard around it).
 */
function page(path: string, Component: LazyExoticComponent<ComponentType>, data?: DataPreload): RouteObject {
  const needs = path === '*' ? undefined : screenNeeds(path);
  const handle: { preload: ScreenPreload } = { preload: { code: screenLoaders.get(Component), data } };
  if (!needs) return { path, element: <Component />, handle };
  return {
    path,
    handle,
    element: (
      <RequireAccess call={needs.call} screen={needs.screen}>
        <Component />
      </RequireAccess>
    ),
  };
}

/**
 * A data preload kept out of the signed-in app's chunk: the screen's module names it (`preloadData`), so it comes
 * with the screen's code (which a returning user's page fetches beside the app's, public/returning.js) and runs
 * once that module is loaded. Imported by the app's chunk, the preloads' modules made it 16 kB larger.
 */
function later(load: () => Promise<{ preloadData: DataPreload }>): DataPreload {
  return (client, user, params) => {
    load()
      .then((module) => module.preloadData(client, user, params))
      .catch(() => undefined);
  };
}

const preloadLocationsList = later(() => import('@/features/locations/routes/LocationsList'));
const preloadFridgeSoftware = later(() => import('@/features/software/routes/FridgeSoftware'));
const preloadLocationDetail = later(() => import('@/features/locations/routes/LocationDetail'));
const preloadLocationSchedule = later(() => import('@/features/locations/routes/LocationSchedule'));
const preloadParsView = later(() => import('@/features/pars/routes/ParsList'));
const preloadParsUpload = later(() => import('@/features/pars/routes/ParsUploadPage'));

/** A screen behind a feature flag: without it the route redirects to /home (2-fleet §2). */
function flagged(flag: FeatureFlag, route: RouteObject): RouteObject {
  return { ...route, element: <RequireFlag flag={flag}>{route.element}</RequireFlag> };
}

/** The route table of spec 1-locations §2.1. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        // Route errors render inside the layout, so the navigation bar stays usable.
        errorElement: <ErrorPage />,
        children: [
          page('/', Home),
          page('/home', Home),
          page('/portfoliohealth', PortfolioHealth, preloadFleetHealth),
          page('/delivery', DeliveryNotice),

          // Locations (the list, create, bulk import and detail screens are feature routes).
          { path: '/locations', element: <Navigate to="/locations/all" replace /> },
          page('/locations/all', LocationsList, preloadLocationsList),
          page('/locations/new', NewLocation),
          page('/locations/bulk_new', BulkNewLocations),
          page('/locations/detail', LocationDetail),
          // The last path segment is the id (spec §2.1), so /locations/detail/x/ID opens ID too.
          page('/locations/detail/*', LocationDetail, preloadLocationDetail),
          page('/locations/bulk_schedule', BulkSchedule),
          page('/locations/view_routes', ViewRoutes),
          page('/locations/update_routes', UpdateRoutes),
          page('/locations/update_weekly_routes', UpdateWeeklyRoutes),
          page('/locations/update_route_drivers', UpdateRouteDrivers),
          page('/locations/fridge_software', FridgeSoftware, preloadFridgeSoftware),
          page('/locations/schedule', LocationSchedule, preloadLocationSchedule),
          page('/locations/schedule/*', LocationSchedule, preloadLocationSchedule),
          page('/locations/inventory/*', FridgeInventory),
          page('/locations/health/*', FridgeHealth, preloadFridgeHealth),

          page('/forecast/view', ForecastViewPage),
          page('/forecast/upload', ForecastUploadPage),
          // Pars: /pars opens the view, as /locations does; any other path under it is not found
          // (the catch-all), since no screen is planned there (issue 20).
          { path: '/pars', element: <Navigate to="/pars/list" replace /> },
          page('/pars/list', ParsList, preloadParsView),
          page('/pars/upload', ParsUploadPage, preloadParsUpload),
          page('/pars/prodreport', ParsReport),
          page('/customers/group', CustomersGroupNotice),

          page('/reports/checkpoints', StockingDashboard, preloadStockingDashboard),
          page('/reports/emptychannels', EmptyChannels),
          page('/reports/stockinglogs', StockingLogs),
          page('/reports/routetemperatures', RouteTemperatures),
          // Behind the flag (without it: /home, 2-fleet §2), then the screen's action.
          flagged(FEATURE_FLAGS.dropOverride, page('/reports/dropoffsummary', DropOffSummary)),
          page('/reports/stockouts', StockOuts),

          page('/users/permissions', UserPermissionsPage, preloadPermissions),
          page('/checkpoints', StockingDashboard, preloadStockingDashboard),
          page('/loginext', LogiNext),
          // Behind the flag (without it: /home, 2-fleet §2), then the screen's action.
          flagged(FEATURE_FLAGS.jitManagement, page('/jit-management', JitManagement)),
          page('/Error', ErrorPage),
          page('/coupons', CouponsPage),
          page('/planograms', PlanogramsPage),
          page('/csv-pricing', CsvPricing),
          page('/item-prices-landing', ItemPricesLanding),
          page('*', NotFound),
        ],
      },
    ],
  },
];

/**
 * Starts loading the screen at `pathname` (its module is cached, so the
 * router's lazy load then finds it): a returning user's first screen is
 * fetched while the session is still being checked. With a query cache and
 * the signed-in user, also the data the screen's first render reads.
 */
export function preloadScreen(pathname: string, cache?: { client: QueryClient; user: CurrentUser }): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const preload = (match.route.handle as { preload?: ScreenPreload } | undefined)?.preload;
    // A failed import is left to the render's own, which reports it.
    preload?.code?.().catch(() => undefined);
    if (cache && preload?.data) preload.data(cache.client, cache.user, match.params);
  }
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
