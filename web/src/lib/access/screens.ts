import type { Call } from './calls';

/** What a screen behind an action needs: the call it is built on and the name the refusal gives it. */
export interface ScreenNeeds {
  call: Call;
  screen: string;
}

/**
 * The screens behind an action, by route path (the router guards them, the
 * navigation and home page mark them). The call names the action through the
 * server's registry, so a renamed action needs no change here.
 */
export const SCREEN_NEEDS = {
  '/portfoliohealth': { call: 'fleetHealth', screen: 'Portfolio Health' },
  '/locations/all': { call: 'locations', screen: 'Locations' },
  '/locations/new': { call: 'createLocation', screen: 'Add Fridge' },
  '/locations/bulk_new': { call: 'POST /locations/bulk/dry-run', screen: 'Bulk Import' },
  '/locations/detail': { call: 'getLocation', screen: 'Location Detail' },
  '/locations/bulk_schedule': { call: 'POST /locations/schedule/bulk/dry-run', screen: 'Bulk Schedule' },
  '/locations/view_routes': { call: 'locationRoutes', screen: 'View Routes' },
  '/locations/update_routes': { call: 'POST /locations/routes/drivers/dry-run', screen: 'Upload Driver Routes' },
  '/locations/update_weekly_routes': { call: 'POST /locations/routes/schedule/dry-run', screen: 'Upload Routes' },
  '/locations/update_route_drivers': {
    call: 'POST /locations/routes/assignments/dry-run',
    screen: 'Upload Route Drivers',
  },
  '/locations/fridge_software': { call: 'getFridgeArtifacts', screen: 'Fridge Software' },
  '/locations/schedule': { call: 'upcomingScheduleChanges', screen: 'Scheduled Changes' },
  '/locations/inventory': { call: 'GET /locations/{id}/inventory', screen: 'Fridge Inventory' },
  '/locations/health': { call: 'fridgeHealth', screen: 'Fridge Health' },
  '/forecast/view': { call: 'GET /forecast/view/{date}', screen: 'Forecast' },
  '/forecast/upload': { call: 'POST /forecast/dry-run', screen: 'Forecast Upload' },
  '/pars/list': { call: 'ordersByDay', screen: 'Pars' },
  '/pars/upload': { call: 'POST /pars/dry-run', screen: 'Pars Upload' },
  '/pars/prodreport': { call: 'GET /pars/report/{date}', screen: 'Packing Report' },
  '/users/permissions': { call: 'GET /users/permissions', screen: 'User Permissions' },
  '/coupons': { call: 'POST /coupons', screen: 'Coupon Codes' },
  '/planograms': { call: 'planogram', screen: 'Planogram' },
  '/csv-pricing': { call: 'POST /prices/dry-run', screen: 'Update Item Prices' },
  '/item-prices-landing': { call: 'priceSchemaIds', screen: 'Download Item Prices' },
  '/reports/checkpoints': { call: 'stockingDashboard', screen: 'Stocking Real-Time Dashboard' },
  '/checkpoints': { call: 'stockingDashboard', screen: 'Stocking Real-Time Dashboard' },
  '/reports/dropoffsummary': { call: 'dropOffSummary', screen: 'Drop Off Summary' },
  '/jit-management': { call: 'jitManagement', screen: 'JIT Management' },
  '/loginext': { call: 'syncLogiNextLocRoutes', screen: 'LogiNext' },
  '/reports/emptychannels': { call: 'GET /reports/emptychannel/{date}', screen: 'Empty Channel Report' },
  '/reports/stockouts': { call: 'GET /reports/stockouts/{date}', screen: 'Stock-outs Report' },
  '/reports/stockinglogs': { call: 'GET /reports/driverlog', screen: 'Stocking Logs' },
  '/reports/routetemperatures': { call: 'GET /reports/routetemperatures', screen: 'Route Temperatures' },
} as const satisfies Record<string, ScreenNeeds>;

export type GuardedPath = keyof typeof SCREEN_NEEDS;

/**
 * What the screen at `path` needs, or undefined when any signed-in user may
 * open it. A path under a guarded one (/locations/detail/ID) needs the same.
 */
export function screenNeeds(path: string): ScreenNeeds | undefined {
  const clean = path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  let best: { path: string; needs: ScreenNeeds } | undefined;
  for (const [guarded, needs] of Object.entries(SCREEN_NEEDS)) {
    if (clean === guarded || clean.startsWith(`${guarded}/`)) {
      if (!best || guarded.length > best.path.length) best = { path: guarded, needs };
    }
  }
  return best?.needs;
}
