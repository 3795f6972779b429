import { isValidElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { RequireAccess, type Call } from '@/features/access';
import { RequireFlag } from '@/features/flags/RequireFlag';
import { FEATURE_FLAGS } from '@/features/flags/useFeatureFlags';
import { Layout } from '@/features/shell/components/Layout';

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
const Placeholder = screen(() => import('@/features/shell/routes/Placeholder'));
const UserPermissionsPage = screen(() => import('@/features/permissions/routes/UserPermissionsPage'));
const LocationsList = screen(() => import('@/features/locations/routes/LocationsList'));
const NewLocation = screen(() => import('@/features/locations/routes/NewLocation'));
const BulkNewLocations = screen(() => import('@/features/locations/routes/BulkNewLocations'));
const LocationDetail = screen(() => import('@/features/locations/routes/LocationDetail'));
const FridgeSoftware = screen(() => import('@/features/software/routes/FridgeSoftware'));
const ViewRoutes = screen(() => import('@/features/routes/routes/ViewRoutes'));
const UpdateRoutes = screen(() => import('@/features/routes/routes/UpdateRoutes'));
const UpdateWeeklyRoutes = screen(() => import('@/features/routes/routes/UpdateWeeklyRoutes'));
const LocationSchedule = screen(() => import('@/features/locations/routes/LocationSchedule'));
const BulkSchedule = screen(() => import('@/features/locations/routes/BulkSchedule'));
const ParsUploadPage = screen(() => import('@/features/pars/routes/ParsUploadPage'));
const ParsList = screen(() => import('@/features/pars/routes/ParsList'));
const ParsReport = screen(() => import('@/features/pars/routes/ParsReport'));
const ForecastUploadPage = screen(() => import('@/features/forecast/routes/ForecastUploadPage'));
const ForecastViewPage = screen(() => import('@/features/forecast/routes/ForecastViewPage'));
const CouponsPage = screen(() => import('@/features/coupons/routes/CouponsPage'));
const ItemPricesLanding = screen(() => import('@/features/prices/routes/ItemPricesLanding'));
const CsvPricing = screen(() => import('@/features/prices/routes/CsvPricing'));
const PlanogramsPage = screen(() => import('@/features/planograms/routes/PlanogramsPage'));
const PortfolioHealth = screen(() => import('@/features/health/routes/PortfolioHealth'));
const FridgeHealth = screen(() => import('@/features/health/routes/FridgeHealth'));
const FridgeInventory = screen(() => import('@/features/inventory/routes/FridgeInventory'));

const L2 = '2-fleet-operations';
const L3 = '3-planning-and-reporting';

function soon(path: string, name: string, spec: string): RouteObject {
  return { path, element: <Placeholder name={name} spec={spec} /> };
}

/**
 * A screen. With `needs`, the screen sits behind the action of the call it is
 * built on (the server's registry says which): a user without it is told so
 * plainly instead of meeting a failed request.
 */
function page(
  path: string,
  Component: LazyExoticComponent<ComponentType>,
  needs?: { call: Call; screen: string },
): RouteObject {
  if (!needs) return { path, element: <Component /> };
  return {
    path,
    element: (
      <RequireAccess call={needs.call} screen={needs.screen}>
        <Component />
      </RequireAccess>
    ),
  };
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
          page('/portfoliohealth', PortfolioHealth, { call: 'fleetHealth', screen: 'Portfolio Health' }),
          page('/delivery', DeliveryNotice),

          // Locations (the list, create, bulk import and detail screens are feature routes).
          { path: '/locations', element: <Navigate to="/locations/all" replace /> },
          page('/locations/all', LocationsList, { call: 'locations', screen: 'Locations' }),
          page('/locations/new', NewLocation, { call: 'createLocation', screen: 'Add Fridge' }),
          page('/locations/bulk_new', BulkNewLocations, {
            call: 'POST /locations/bulk/dry-run',
            screen: 'Bulk Import',
          }),
          page('/locations/detail', LocationDetail, { call: 'getLocation', screen: 'Location Detail' }),
          // The last path segment is the id (spec §2.1), so /locations/detail/x/ID opens ID too.
          page('/locations/detail/*', LocationDetail, { call: 'getLocation', screen: 'Location Detail' }),
          page('/locations/bulk_schedule', BulkSchedule, {
            call: 'POST /locations/schedule/bulk/dry-run',
            screen: 'Bulk Schedule',
          }),
          page('/locations/view_routes', ViewRoutes, { call: 'locationRoutes', screen: 'View Routes' }),
          page('/locations/update_routes', UpdateRoutes, {
            call: 'POST /locations/routes/schedule/dry-run',
            screen: 'Upload Routes',
          }),
          page('/locations/update_weekly_routes', UpdateWeeklyRoutes, {
            call: 'POST /locations/routes/drivers/dry-run',
            screen: 'Upload Driver Routes',
          }),
          page('/locations/fridge_software', FridgeSoftware, { call: 'getFridgeArtifacts', screen: 'Fridge Software' }),
          page('/locations/schedule', LocationSchedule, {
            call: 'upcomingScheduleChanges',
            screen: 'Scheduled Changes',
          }),
          page('/locations/schedule/*', LocationSchedule, {
            call: 'upcomingScheduleChanges',
            screen: 'Scheduled Changes',
          }),
          page('/locations/inventory/*', FridgeInventory, {
            call: 'GET /locations/{id}/inventory',
            screen: 'Fridge Inventory',
          }),
          page('/locations/health/*', FridgeHealth, { call: 'fridgeHealth', screen: 'Fridge Health' }),

          page('/forecast/view', ForecastViewPage, { call: 'GET /forecast/view/{date}', screen: 'Forecast' }),
          page('/forecast/upload', ForecastUploadPage, { call: 'POST /forecast/dry-run', screen: 'Forecast Upload' }),
          // Pars: /pars opens the view, as /locations does; any other path under it is not found
          // (the catch-all), since no screen is planned there (issue 20).
          { path: '/pars', element: <Navigate to="/pars/list" replace /> },
          page('/pars/list', ParsList, { call: 'ordersByDay', screen: 'Pars' }),
          page('/pars/upload', ParsUploadPage, { call: 'POST /pars/dry-run', screen: 'Pars Upload' }),
          page('/pars/prodreport', ParsReport, { call: 'GET /pars/report/{date}', screen: 'Packing Report' }),
          page('/customers/group', CustomersGroupNotice),

          soon('/reports/checkpoints', 'Stocking Real-Time Dashboard', `${L2} §2.4`),
          soon('/reports/emptychannels', 'Empty channel report', `${L3} §2 (Empty channel report)`),
          soon('/reports/stockinglogs', 'Stocking logs', `${L3} §2 (Stocking logs)`),
          soon('/reports/routetemperatures', 'Route temperatures', `${L3} §2 (Route temperatures)`),
          {
            path: '/reports/dropoffsummary',
            element: (
              <RequireFlag flag={FEATURE_FLAGS.dropOverride}>
                <Placeholder name="Drop Off Summary" spec={`${L2} §2.5`} />
              </RequireFlag>
            ),
          },
          soon('/reports/stockouts', 'Stock-outs report', `${L3} §2 (Stock-outs report)`),

          page('/users/permissions', UserPermissionsPage, {
            call: 'GET /users/permissions',
            screen: 'User Permissions',
          }),
          soon('/checkpoints', 'Stocking Real-Time Dashboard', `${L2} §2.4`),
          soon('/loginext', 'LogiNext', `${L2} §2.7`),
          {
            path: '/jit-management',
            element: (
              <RequireFlag flag={FEATURE_FLAGS.jitManagement}>
                <Placeholder name="JIT Management" spec={`${L2} §2.6`} />
              </RequireFlag>
            ),
          },
          page('/Error', ErrorPage),
          page('/coupons', CouponsPage, { call: 'POST /coupons', screen: 'Coupon Codes' }),
          page('/planograms', PlanogramsPage, { call: 'planogram', screen: 'Planogram' }),
          page('/csv-pricing', CsvPricing, { call: 'POST /prices/dry-run', screen: 'Update Item Prices' }),
          page('/item-prices-landing', ItemPricesLanding, { call: 'priceSchemaIds', screen: 'Download Item Prices' }),
          page('*', NotFound),
        ],
      },
    ],
  },
];

/**
 * Starts loading the screen at `pathname` (its module is cached, so the
 * router's lazy load then finds it): a returning user's first screen is
 * fetched while the session is still being checked.
 */
export function preloadScreen(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element;
    if (isValidElement(element)) void screenLoaders.get(element.type)?.();
  }
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
