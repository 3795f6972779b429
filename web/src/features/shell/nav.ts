import type { AppLinks } from '@/config';
import { FEATURE_FLAGS } from '@/lib/feature-flags';

/** An entry of a navigation menu: an in-app route or an external link (opened in a new tab). */
export type NavEntry =
  { kind: 'route'; label: string; to: string } | { kind: 'external'; label: string; href?: string };

export interface NavMenu {
  label: string;
  entries: NavEntry[];
}

/** Whether an entry leads anywhere: an external link without its address does not. */
const opens = (entry: NavEntry) => entry.kind === 'route' || !!entry.href;

const route = (label: string, to: string): NavEntry => ({ kind: 'route', label, to });
const external = (label: string, href?: string): NavEntry => ({ kind: 'external', label, href: href || undefined });

/**
 * The navigation menus (spec 1-locations §2.2); flag-gated entries appear only with their flag.
 * Route entries the user may not open (`canOpen`, the access kit's SCREEN_NEEDS) are left out, and
 * a menu left with nothing to open: none of its entries, or only external links not configured (shown
 * disabled beside entries that open, but a menu of disabled entries alone is a dead end).
 */
export function buildNavMenus(
  flags: readonly string[],
  links: AppLinks,
  canOpen: (path: string) => boolean = () => true,
): NavMenu[] {
  const has = (f: string) => flags.includes(f);
  const reporting: NavEntry[] = [
    external("Today's Packing Slip", links.packingSlip),
    external('Historical Allocation', links.historicalAllocation),
    route('Checkpoints', '/reports/checkpoints'),
    route('Stock Outs', '/reports/stockouts'),
    route('Empty Channel', '/reports/emptychannels'),
    route('Stocking Logs', '/reports/stockinglogs'),
    route('Route Temperatures', '/reports/routetemperatures'),
  ];
  if (has(FEATURE_FLAGS.dropOverride)) reporting.push(route('Drop Off Summary', '/reports/dropoffsummary'));
  reporting.push(external('Receiving Invoices', links.receivingInvoices));

  const routes: NavEntry[] = [
    route('View', '/locations/view_routes'),
    route('Upload', '/locations/update_routes'),
    route('LogiNext', '/loginext'),
  ];
  if (has(FEATURE_FLAGS.jitManagement)) routes.push(route('JIT Management', '/jit-management'));

  const menus: NavMenu[] = [
    {
      label: 'Internal Apps',
      entries: [external('Facility CMS', links.facilityCms), external('Driver App', links.driverApp)],
    },
    { label: 'Reporting', entries: reporting },
    { label: 'Routes', entries: routes },
    { label: 'Forecast', entries: [route('View', '/forecast/view'), route('Upload', '/forecast/upload')] },
    { label: 'Pars', entries: [route('View', '/pars/list'), route('Upload', '/pars/upload')] },
    {
      label: 'Locations',
      entries: [
        route('All', '/locations/all'),
        route('Add Fridge', '/locations/new'),
        route('View Fridge Software', '/locations/fridge_software'),
      ],
    },
    {
      label: 'Channel Management',
      entries: [
        route('Planogram', '/planograms'),
        route('Download Item Prices', '/item-prices-landing'),
        route('Update Item Prices', '/csv-pricing'),
        route('Coupon Codes', '/coupons'),
      ],
    },
  ];
  return menus
    .map((menu) => ({ ...menu, entries: menu.entries.filter((e) => e.kind !== 'route' || canOpen(e.to)) }))
    .filter((menu) => menu.entries.some(opens));
}
