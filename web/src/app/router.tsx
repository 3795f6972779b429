import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireFlag } from '@/features/flags/RequireFlag';
import { FEATURE_FLAGS } from '@/features/flags/useFeatureFlags';
import { Layout } from '@/features/shell/components/Layout';

// Every screen is loaded lazily (Layout wraps the outlet in Suspense with a loader).
const Home = lazy(() => import('@/features/shell/routes/Home'));
const NotFound = lazy(() => import('@/features/shell/routes/NotFound'));
const ErrorPage = lazy(() => import('@/features/shell/routes/ErrorPage'));
const DeliveryNotice = lazy(() => import('@/features/shell/routes/DeliveryNotice'));
const CustomersGroupNotice = lazy(() => import('@/features/shell/routes/CustomersGroupNotice'));
const Placeholder = lazy(() => import('@/features/shell/routes/Placeholder'));
const UserPermissionsPage = lazy(() => import('@/features/permissions/routes/UserPermissionsPage'));
const LocationsList = lazy(() => import('@/features/locations/routes/LocationsList'));
const NewLocation = lazy(() => import('@/features/locations/routes/NewLocation'));
const BulkNewLocations = lazy(() => import('@/features/locations/routes/BulkNewLocations'));
const LocationDetail = lazy(() => import('@/features/locations/routes/LocationDetail'));
const FridgeSoftware = lazy(() => import('@/features/software/routes/FridgeSoftware'));
const ViewRoutes = lazy(() => import('@/features/routes/routes/ViewRoutes'));
const UpdateRoutes = lazy(() => import('@/features/routes/routes/UpdateRoutes'));
const UpdateWeeklyRoutes = lazy(() => import('@/features/routes/routes/UpdateWeeklyRoutes'));
const LocationSchedule = lazy(() => import('@/features/locations/routes/LocationSchedule'));
const BulkSchedule = lazy(() => import('@/features/locations/routes/BulkSchedule'));
const ParsUploadPage = lazy(() => import('@/features/pars/routes/ParsUploadPage'));
const ParsList = lazy(() => import('@/features/pars/routes/ParsList'));
const ParsReport = lazy(() => import('@/features/pars/routes/ParsReport'));
const ForecastUploadPage = lazy(() => import('@/features/forecast/routes/ForecastUploadPage'));
const ForecastViewPage = lazy(() => import('@/features/forecast/routes/ForecastViewPage'));
const CouponsPage = lazy(() => import('@/features/coupons/routes/CouponsPage'));
const ItemPricesLanding = lazy(() => import('@/features/prices/routes/ItemPricesLanding'));
const CsvPricing = lazy(() => import('@/features/prices/routes/CsvPricing'));
const PlanogramsPage = lazy(() => import('@/features/planograms/routes/PlanogramsPage'));
const PortfolioHealth = lazy(() => import('@/features/health/routes/PortfolioHealth'));
const FridgeHealth = lazy(() => import('@/features/health/routes/FridgeHealth'));
const FridgeInventory = lazy(() => import('@/features/inventory/routes/FridgeInventory'));

const L2 = '2-fleet-operations';
const L3 = '3-planning-and-reporting';

function soon(path: string, name: string, spec: string): RouteObject {
  return { path, element: <Placeholder name={name} spec={spec} /> };
}

function page(path: string, Component: LazyExoticComponent<ComponentType>): RouteObject {
  return { path, element: <Component /> };
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
          page('/portfoliohealth', PortfolioHealth),
          page('/delivery', DeliveryNotice),

          // Locations (the list, create, bulk import and detail screens are feature routes).
          { path: '/locations', element: <Navigate to="/locations/all" replace /> },
          page('/locations/all', LocationsList),
          page('/locations/new', NewLocation),
          page('/locations/bulk_new', BulkNewLocations),
          page('/locations/detail', LocationDetail),
          // The last path segment is the id (spec §2.1), so /locations/detail/x/ID opens ID too.
          page('/locations/detail/*', LocationDetail),
          page('/locations/bulk_schedule', BulkSchedule),
          page('/locations/view_routes', ViewRoutes),
          page('/locations/update_routes', UpdateRoutes),
          page('/locations/update_weekly_routes', UpdateWeeklyRoutes),
          page('/locations/fridge_software', FridgeSoftware),
          page('/locations/schedule', LocationSchedule),
          page('/locations/schedule/*', LocationSchedule),
          page('/locations/inventory/*', FridgeInventory),
          page('/locations/health/*', FridgeHealth),

          page('/forecast/view', ForecastViewPage),
          page('/forecast/upload', ForecastUploadPage),
          page('/pars/list', ParsList),
          page('/pars/upload', ParsUploadPage),
          page('/pars/prodreport', ParsReport),
          soon('/pars/*', 'Pars', `${L3} §2`),
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

          page('/users/permissions', UserPermissionsPage),
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
