import { describe, expect, it } from 'vitest';
import { screenNeeds } from '@/lib/access/screens';
import { buildNavMenus } from './nav';

const labels = (flags: string[], menu: string) =>
  buildNavMenus(flags, {})
    .find((m) => m.label === menu)!
    .entries.map((e) => e.label);

describe('buildNavMenus', () => {
  it('has every menu of the spec in order', () => {
    expect(buildNavMenus([], { driverApp: 'https://driver.example.com' }).map((m) => m.label)).toEqual([
      'Internal Apps',
      'Reporting',
      'Routes',
      'Forecast',
      'Pars',
      'Locations',
      'Channel Management',
    ]);
  });

  it('hides the flag-gated entries without flags', () => {
    expect(labels([], 'Reporting')).not.toContain('Drop Off Summary');
    expect(labels([], 'Routes')).toEqual(['View', 'Upload', 'LogiNext']);
  });

  it('shows Drop Off Summary only with drop-override', () => {
    expect(labels(['drop-override'], 'Reporting')).toEqual([
      "Today's Packing Slip",
      'Historical Allocation',
      'Checkpoints',
      'Stock Outs',
      'Empty Channel',
      'Stocking Logs',
      'Route Temperatures',
      'Drop Off Summary',
      'Receiving Invoices',
    ]);
    expect(labels(['drop-override'], 'Routes')).not.toContain('JIT Management');
  });

  it('shows JIT Management only with jit-management', () => {
    expect(labels(['jit-management'], 'Routes')).toEqual(['View', 'Upload', 'LogiNext', 'JIT Management']);
    expect(labels(['jit-management'], 'Reporting')).not.toContain('Drop Off Summary');
  });

  it('takes external links from the config and routes from the route table', () => {
    const menus = buildNavMenus([], { facilityCms: 'https://cms.example.com' });
    expect(menus[0].entries).toEqual([
      { kind: 'external', label: 'Facility CMS', href: 'https://cms.example.com' },
      { kind: 'external', label: 'Driver App', href: undefined },
    ]);
    const locations = menus.find((m) => m.label === 'Locations')!.entries;
    expect(locations).toEqual([
      { kind: 'route', label: 'All', to: '/locations/all' },
      { kind: 'route', label: 'Add Fridge', to: '/locations/new' },
      { kind: 'route', label: 'View Fridge Software', to: '/locations/fridge_software' },
    ]);
  });
});

describe('buildNavMenus with access', () => {
  it('leaves out the entries the user may not open, and a menu left empty', () => {
    // As useAccess().canOpen: screens behind no action are open to everyone.
    const open = new Set(['/forecast/view', '/locations/all']);
    const canOpen = (p: string) => !screenNeeds(p) || open.has(p);
    const menus = buildNavMenus(['jit-management'], { facilityCms: 'https://cms.example.com' }, canOpen);
    // Reporting is left with its three external links, none configured: nothing to open, no menu.
    expect(menus.map((m) => m.label)).toEqual(['Internal Apps', 'Forecast', 'Locations']);
    expect(menus.find((m) => m.label === 'Forecast')!.entries.map((e) => e.label)).toEqual(['View']);
    expect(menus.find((m) => m.label === 'Locations')!.entries.map((e) => e.label)).toEqual(['All']);
    // LogiNext needs SyncLogiNext; JIT Management its flag and its action: without them, no Routes menu.
    const withRoutes = buildNavMenus(
      ['jit-management'],
      {},
      (p) => canOpen(p) || p === '/loginext' || p === '/jit-management',
    );
    expect(withRoutes.find((m) => m.label === 'Routes')!.entries.map((e) => e.label)).toEqual([
      'LogiNext',
      'JIT Management',
    ]);
    // External links are not screens of the console: they stay.
    expect(menus[0].entries.map((e) => e.label)).toEqual(['Facility CMS', 'Driver App']);
  });
});

describe('a menu with nothing to open (issue 43)', () => {
  const reportingOnlyExternal = (p: string) => !p.startsWith('/reports/');

  it('is left out when its only entries are external links not configured', () => {
    const menus = buildNavMenus([], {}, reportingOnlyExternal);
    expect(menus.map((m) => m.label)).not.toContain('Reporting');
    // Internal Apps too, with neither of its links configured.
    expect(menus.map((m) => m.label)).not.toContain('Internal Apps');
  });

  it('stays when one of its external links is configured, with the others shown disabled', () => {
    const menus = buildNavMenus([], { packingSlip: 'https://slip.example.com' }, reportingOnlyExternal);
    expect(menus.find((m) => m.label === 'Reporting')!.entries).toEqual([
      { kind: 'external', label: "Today's Packing Slip", href: 'https://slip.example.com' },
      { kind: 'external', label: 'Historical Allocation', href: undefined },
      { kind: 'external', label: 'Receiving Invoices', href: undefined },
    ]);
  });

  it('stays when it has a screen to open, beside links not configured', () => {
    const menus = buildNavMenus([], {});
    expect(menus.find((m) => m.label === 'Reporting')!.entries.map((e) => e.label)).toContain('Checkpoints');
  });
});
