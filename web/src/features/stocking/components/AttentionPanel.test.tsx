import axe from 'axe-core';
import Papa from 'papaparse';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { fakeWidth, restoreWidth } from '@/test/media-query-fake';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import type { AttentionItem, AttentionPanelData } from '../lib/attention';
import { AttentionPanel } from './AttentionPanel';
import { KINDS, TEST_RULES, attentionItem } from '../lib/attention-fixtures';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('@/lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv')>()),
  download: (name: string, text: string) => downloads.push({ name, text }),
}));

const item = attentionItem;

/** Open oldest first and resolved newest end first, as the server sends them. */
const OPEN = [
  item('a', 'ROUTE_NOT_STARTED', { route: 'R2', facts: 'No action on route R2 by 07:00 CT' }),
  item('b', 'STOP_STUCK', {
    stop: 3,
    stockingIndex: 1,
    locationId: 'CHI_0003',
    since: '2026-07-01T14:45:00Z',
    sinceCentral: '09:45',
    facts: 'Scanned by d1@fleet.local at 09:00 and not stocked within 45 minutes',
    taken: 'taken by ops@x.com at 09:50: calling the driver',
  }),
  item('c', 'TEMPERATURE', {
    stop: 1,
    stockingIndex: 1,
    locationId: 'CHI_0001',
    since: '2026-07-01T15:04:00Z',
    sinceCentral: '10:04',
    facts: 'Stocked at 44.5 °F, above 41 °F, recorded by d1@fleet.local at 10:04',
  }),
];
const RESOLVED = [
  item('d', 'UNREACHABLE', {
    stop: 2,
    stockingIndex: 1,
    locationId: 'CHI_0002',
    endedAt: '2026-07-01T15:00:00Z',
    endedHow: 'acknowledged by ops@x.com at 10:00',
    taken: 'taken by ops@x.com at 10:00: closed today',
  }),
  item('e', 'STOP_STUCK', {
    route: 'R3',
    stop: 1,
    stockingIndex: 1,
    locationId: 'NYC_0001',
    endedAt: '2026-07-01T10:00:00Z',
    endedHow: 'stocked at 05:00',
  }),
];

const panel = (open: AttentionItem[] = OPEN, resolved: AttentionItem[] = RESOLVED): AttentionPanelData => ({
  open,
  resolved,
  counts: KINDS.map(([kind, label]) => ({
    kind,
    label,
    open: open.filter((i) => i.kind === kind).length,
    resolved: resolved.filter((i) => i.kind === kind).length,
  })),
  digest: 'p1',
  unchanged: false,
  whole: true,
});

const RULES = TEST_RULES;
/** The fixtures' day, 12:00 CT: their items were raised today. */
const NOW = Date.parse('2026-07-01T17:00:00Z');

function view(attention = panel(), onShow = vi.fn()) {
  renderWithProviders(
    <main>
      <h1>Stocking Real-Time Dashboard</h1>
      <AttentionPanel attention={attention} dropOffDate="2026-07-01" onShow={onShow} rules={RULES} now={NOW} />
    </main>,
  );
  return { onShow, region: screen.getByRole('region', { name: /^Needs attention/ }) };
}

/** Where an item is: route, stop and location. */
const placeOf = (li: HTMLElement) => li.querySelector('.attention-place')?.textContent;

const openItems = () => within(screen.getByRole('list', { name: /^Open items/ })).getAllByRole('listitem');

beforeEach(() => {
  downloads.length = 0;
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] } as never);
});

describe('AttentionPanel', () => {
  it('heads the open total and counts each kind in words, with an icon, as a filter', async () => {
    const { region } = view();
    expect(within(region).getByRole('heading', { level: 2, name: 'Needs attention · 3 open' })).toBeTruthy();
    const kinds = within(region).getByRole('group', { name: 'Show items of a kind' });
    const buttons = within(kinds).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'All: 3',
      'Route not started: 1',
      'Stop stuck: 1',
      'Driver quiet: 0',
      'Temperature: 1',
      'Fridge needs the driver: 0',
      'Unreachable: 0',
      'Route claimed: 0',
    ]);
    for (const b of buttons) expect(b.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
    expect(within(kinds).getByRole('button', { name: 'All: 3' })).toHaveAttribute('aria-pressed', 'true');

    const user = userEvent.setup();
    await user.click(within(kinds).getByRole('button', { name: 'Stop stuck: 1' }));
    expect(within(kinds).getByRole('button', { name: 'Stop stuck: 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(kinds).getByRole('button', { name: 'All: 3' })).toHaveAttribute('aria-pressed', 'false');
    const stuck = within(region).getByRole('list', { name: 'Open items: Stop stuck' });
    expect(within(stuck).getAllByRole('listitem')).toHaveLength(1);
    expect(placeOf(within(stuck).getByRole('listitem'))).toBe('Route R1 · Stop 3 · CHI_0003');
    // The resolved follow the kind too.
    expect(within(region).getByText('Resolved today (1)')).toBeTruthy();

    await user.click(within(kinds).getByRole('button', { name: 'Unreachable: 0' }));
    expect(within(region).queryByRole('list', { name: /^Open items/ })).toBeNull();
    expect(within(region).getByText('Nothing open of the kind Unreachable.')).toBeTruthy();

    // Pressed again, a kind goes back to all.
    await user.click(within(kinds).getByRole('button', { name: 'Unreachable: 0' }));
    expect(openItems()).toHaveLength(3);
    await user.click(within(kinds).getByRole('button', { name: 'Temperature: 1' }));
    await user.click(within(kinds).getByRole('button', { name: 'All: 3' }));
    expect(openItems()).toHaveLength(3);
    expect(within(region).getByText('Resolved today (2)')).toBeTruthy();
  });

  it('lists the open items oldest first: kind, route, stop, linked location, since, facts and who took it', async () => {
    view();
    // The location links once the user's access is known.
    await screen.findByRole('link', { name: 'CHI_0003' });
    const items = openItems();
    expect(items.map(placeOf)).toEqual(['Route R2', 'Route R1 · Stop 3 · CHI_0003', 'Route R1 · Stop 1 · CHI_0001']);
    const [notStarted, stuck] = items;
    expect(within(notStarted).getByText('Route not started')).toBeTruthy();
    expect(within(notStarted).getByText('since 07:00 CT')).toBeTruthy();
    expect(within(notStarted).getByText('No action on route R2 by 07:00 CT')).toBeTruthy();
    expect(within(notStarted).queryByRole('link')).toBeNull();
    expect(within(stuck).getByText('Stop stuck')).toBeTruthy();
    expect(within(stuck).getByText('since 09:45 CT')).toBeTruthy();
    expect(within(stuck).getByRole('link', { name: 'CHI_0003' })).toHaveAttribute('href', '/locations/health/CHI_0003');
    expect(within(stuck).getByText('taken by ops@x.com at 09:50: calling the driver')).toBeTruthy();
    expect(within(items[2]).queryByText(/^taken by/)).toBeNull();
  });

  it('shows the location as text to a user who may not open fridge health', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: [], flags: [] } as never);
    const { queryClient } = renderWithProviders(
      <AttentionPanel attention={panel()} dropOffDate="2026-07-01" onShow={vi.fn()} rules={RULES} />,
    );
    await waitFor(() => expect(queryClient.getQueryData(['access'])).toBeDefined());
    const stuck = openItems()[1];
    expect(placeOf(stuck)).toBe('Route R1 · Stop 3 · CHI_0003');
    expect(within(stuck).queryByRole('link')).toBeNull();
  });

  it('keeps what ended today in a collapsed section, with how each ended', async () => {
    const { region } = view();
    const details = within(region).getByText('Resolved today (2)').closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.setup().click(within(region).getByText('Resolved today (2)'));
    expect(details.open).toBe(true);
    const items = within(within(region).getByRole('list', { name: 'Resolved today' })).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/^Ended: /).textContent)).toEqual([
      'Ended: acknowledged by ops@x.com at 10:00',
      'Ended: stocked at 05:00',
    ]);
    expect(within(items[0]).getByText('taken by ops@x.com at 10:00: closed today')).toBeTruthy();
  });

  it('jumps to an item: its stop, or its route when it has none', async () => {
    const { onShow } = view();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show stop 3 of route R1' }));
    expect(onShow).toHaveBeenLastCalledWith(OPEN[1]);
    await user.click(screen.getByRole('button', { name: 'Show route R2' }));
    expect(onShow).toHaveBeenLastCalledWith(OPEN[0]);
  });

  it('exports the open and the resolved items with their status', async () => {
    const { region } = view();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Export CSV of the attention items' }));
    expect(downloads[0].name).toBe('needs-attention-2026-07-01.csv');
    const [header, ...rows] = Papa.parse<string[]>(downloads[0].text.trim()).data;
    expect(header).toEqual([
      'Status',
      'Kind',
      'Route',
      'Stop',
      'Location',
      'Since (CT)',
      'Facts',
      'Taken',
      'Ended (CT)',
      'Ended How',
    ]);
    expect(rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5]])).toEqual([
      ['Open', 'Route not started', 'R2', '', '', '07:00'],
      ['Open', 'Stop stuck', 'R1', '3', 'CHI_0003', '09:45'],
      ['Open', 'Temperature', 'R1', '1', 'CHI_0001', '10:04'],
      ['Resolved', 'Unreachable', 'R1', '2', 'CHI_0002', '07:00'],
      ['Resolved', 'Stop stuck', 'R3', '1', 'NYC_0001', '07:00'],
    ]);
    expect(rows[1][6]).toBe('Scanned by d1@fleet.local at 09:00 and not stocked within 45 minutes');
    expect(rows[1][7]).toBe('taken by ops@x.com at 09:50: calling the driver');
    expect(rows[3].slice(8)).toEqual(['10:00', 'acknowledged by ops@x.com at 10:00']);
    expect(rows[4].slice(8)).toEqual(['05:00', 'stocked at 05:00']);

    // Filtered, the export is what is shown.
    await user.click(within(region).getByRole('button', { name: 'Stop stuck: 1' }));
    await user.click(within(region).getByRole('button', { name: 'Export CSV of the Stop stuck items' }));
    expect(downloads[1].name).toBe('needs-attention-2026-07-01-stop-stuck.csv');
    const filtered = Papa.parse<string[]>(downloads[1].text.trim()).data.slice(1);
    expect(filtered.map((r) => [r[0], r[2]])).toEqual([
      ['Open', 'R1'],
      ['Resolved', 'R3'],
    ]);
  });

  it('states each kind’s threshold from the rules', () => {
    const { region } = view();
    const help = within(region).getByText('When an item is raised').closest('details')!;
    const lines = within(help)
      .getAllByRole('listitem', { hidden: true })
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Route not started: no action on the route by 07:00 CT',
      'Stop stuck: scanned and not stocked for more than 45 minutes',
      "Driver quiet: the route's driver has recorded nothing for more than 60 minutes while stops are left",
      'Temperature: a van or stocking temperature above 41 °F; open until an operator takes it',
      'Fridge needs the driver: a stop not yet done whose fridge has sent no heartbeat for more than 30 minutes, ' +
        'is above 41 °F, shows Motor Fault, Product Detect Fault, Product Under Elevator or Timeout, ' +
        'is out of order or is on a food-safety hold',
      'Unreachable: the driver could not reach the stop; open until an operator takes it',
      "Route claimed: a driver claimed a route without a driver by their first stop action on it (as the office's setting on View Routes allows); open until an operator takes it, or the office assigns or clears the route",
    ]);
  });

  it('lists a claimed route at its route, with its own icon, the server’s words, a jump to its card and Acknowledge', async () => {
    const claimed = item('ROUTE_CLAIMED|R4|d4', 'ROUTE_CLAIMED', {
      route: 'R4',
      sinceCentral: '06:12',
      facts: 'route claimed by Dee Diaz at 06:12: LocationScanned at CHI_0040',
    });
    const { region, onShow } = view(panel([...OPEN, claimed], RESOLVED));
    const kinds = within(region).getByRole('group', { name: 'Show items of a kind' });
    const filter = within(kinds).getByRole('button', { name: 'Route claimed: 1' });
    expect(filter).toHaveAttribute('data-tone', 'info');
    const user = userEvent.setup();
    await user.click(filter);
    const list = within(region).getByRole('list', { name: 'Open items: Route claimed' });
    const entry = within(list).getByRole('listitem');
    expect(placeOf(entry)).toBe('Route R4');
    expect(within(entry).getByText('Route claimed')).toBeTruthy();
    expect(within(entry).getByText('since 06:12 CT')).toBeTruthy();
    expect(within(entry).getByText('route claimed by Dee Diaz at 06:12: LocationScanned at CHI_0040')).toBeTruthy();
    expect(within(entry).queryByRole('link')).toBeNull();
    // Its own glyph (the flag), not the unknown kind's warning sign.
    const glyph = (el: HTMLElement) => el.querySelector('svg path')?.getAttribute('d');
    expect(glyph(entry)).toBe(glyph(filter));
    expect(glyph(entry)).not.toBe('M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z');
    await user.click(within(entry).getByRole('button', { name: 'Show route R4' }));
    expect(onShow).toHaveBeenLastCalledWith(claimed);
    expect(await within(entry).findByRole('button', { name: 'Acknowledge Route claimed on route R4' })).toBeTruthy();
  });

  it('says when nothing needs attention', () => {
    const { region } = view(panel([], []));
    expect(within(region).getByRole('heading', { name: 'Needs attention · 0 open' })).toBeTruthy();
    expect(within(region).getByText('Nothing needs attention.')).toBeTruthy();
    expect(within(region).queryByRole('list', { name: /^Open items/ })).toBeNull();
    expect(within(region).getByText('Resolved today (0)')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Export CSV of the attention items' })).toBeDisabled();
  });

  it('shows the first 10 items of a long list, and all of them on asking', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      item(`s${i}`, 'STOP_STUCK', { stop: i + 1, stockingIndex: 1, locationId: `CHI_${i + 1}` }),
    );
    const { region } = view(panel(many, []));
    const user = userEvent.setup();
    expect(openItems()).toHaveLength(10);
    const all = within(region).getByRole('button', { name: 'Show all 25 open items' });
    expect(all).toHaveAttribute('aria-expanded', 'false');
    await user.click(all);
    expect(openItems()).toHaveLength(25);
    const fewer = within(region).getByRole('button', { name: 'Show the first 10 open items' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    expect(document.activeElement).toBe(fewer);
    await user.click(fewer);
    expect(openItems()).toHaveLength(10);
    // A short list has no such button.
    await user.click(within(region).getByRole('button', { name: 'Route not started: 0' }));
    expect(within(region).queryByRole('button', { name: /^Show (all|the first)/ })).toBeNull();
  });

  it('shows a first answer’s first items of each kind, and says how many are coming until the panel is whole', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      item(`s${i}`, 'STOP_STUCK', { stop: i + 1, stockingIndex: 1, locationId: `CHI_${i + 1}` }),
    );
    const ended = Array.from({ length: 14 }, (_, i) => ({
      ...item(`e${i}`, 'STOP_STUCK', { stop: i + 1, stockingIndex: 1, locationId: `CHI_${i + 1}` }),
      endedAt: '2026-07-01T15:00:00Z',
      endedHow: 'stocked at 10:00',
    }));
    const whole = panel([OPEN[0], ...many], ended);
    // The server's first answer: each kind's first 10 in each list, the counts whole, no digest.
    const first: AttentionPanelData = {
      ...whole,
      open: [OPEN[0], ...many.slice(0, 10)],
      resolved: ended.slice(0, 10),
      digest: '',
      whole: false,
    };
    const { region } = view(first);
    expect(within(region).getByRole('heading', { level: 2, name: 'Needs attention · 26 open' })).toBeTruthy();
    expect(openItems()).toHaveLength(10);
    expect(within(region).getByRole('button', { name: 'Loading all 26 open items…' })).toBeDisabled();
    expect(within(region).getByText('Resolved today (14)')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Export CSV of the attention items' })).toBeDisabled();
    // One kind: its count, and its first 10 are those of the whole panel.
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Stop stuck: 25' }));
    expect(openItems().map((li) => li.dataset.key)).toEqual(many.slice(0, 10).map((i) => i.key));
    expect(within(region).getByRole('button', { name: 'Loading all 25 open items…' })).toBeDisabled();
    await user.click(within(region).getByRole('button', { name: 'Route not started: 1' }));
    expect(within(region).queryByRole('button', { name: /^(Loading|Show) all/ })).toBeNull();
  });

  it('offers Acknowledge on the open items nobody took, and shows who took the others', async () => {
    const { region } = view();
    const open = within(region).getByRole('list', { name: 'Open items' });
    await within(open).findByRole('button', { name: 'Acknowledge Temperature at stop 1 of route R1' });
    expect(within(open).getByRole('button', { name: 'Acknowledge Route not started on route R2' })).toBeTruthy();
    // Taken: no button, the taken text.
    expect(within(openItems()[1]).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    // Nothing to acknowledge once resolved.
    const resolved = within(region).getByRole('list', { name: 'Resolved today', hidden: true });
    expect(within(resolved).queryByRole('button', { name: /^Acknowledge/, hidden: true })).toBeNull();
  });

  it('passes axe with the Acknowledge dialog open', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { region } = view();
    const user = userEvent.setup();
    await user.click(await within(region).findByRole('button', { name: 'Acknowledge Route not started on route R2' }));
    const dialog = screen.getByRole('dialog', { name: 'Acknowledge Route not started on route R2' });
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'driver is late');
    const result = await axe.run(dialog, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });

  it('passes axe, with its sections open', async () => {
    // axe looks for icon fonts on a canvas, which jsdom has not.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { region } = view();
    for (const d of region.querySelectorAll('details')) d.open = true;
    const result = await axe.run(region, {
      resultTypes: ['violations'],
      // jsdom lays nothing out: colours are the browser tests' to check.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
  it('dates an item raised on an earlier day (Central), here and in its Acknowledge dialog', async () => {
    // 18:30 CT on Jun 30: the evening before, in the stocking day of Jul 1.
    const evening = item('f', 'DRIVER_QUIET', { route: 'R5', since: '2026-06-30T23:30:00Z', sinceCentral: '18:30' });
    const { region } = view(panel([evening, ...OPEN], []));
    const [first, second] = openItems();
    expect(within(first).getByText('since Jun 30 18:30 CT')).toBeTruthy();
    // Today's, the clock alone.
    expect(within(second).getByText('since 07:00 CT')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await within(region).findByRole('button', { name: 'Acknowledge Driver quiet on route R5' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Driver quiet: Route R5, since Jun 30 18:30 CT');
  });

  describe('on a phone (below 600 px)', () => {
    afterEach(restoreWidth);

    it('folds to its counts, and its heading opens it and folds it again', async () => {
      fakeWidth(390);
      const { region } = view();
      const disclosure = within(region).getByRole('button', { name: 'Needs attention (3)' });
      // The heading is the disclosure: the panel keeps its name.
      expect(within(region).getByRole('heading', { level: 2, name: 'Needs attention (3)' })).toContainElement(
        disclosure,
      );
      expect(region).toHaveAccessibleName('Needs attention (3)');
      expect(disclosure).toHaveAttribute('aria-expanded', 'false');
      const body = document.getElementById(disclosure.getAttribute('aria-controls')!)!;
      expect(body).not.toBeVisible();
      expect(within(region).getByText('Route not started: 1 · Stop stuck: 1 · Temperature: 1')).toBeTruthy();
      expect(within(region).queryByRole('list', { name: 'Open items' })).toBeNull();
      expect(within(region).queryByRole('button', { name: /^Export CSV/ })).toBeNull();

      const user = userEvent.setup();
      await user.click(disclosure);
      expect(disclosure).toHaveAttribute('aria-expanded', 'true');
      expect(body).toBeVisible();
      expect(within(region).getByRole('list', { name: 'Open items' })).toBeTruthy();
      expect(within(region).getByRole('button', { name: /^Export CSV/ })).toBeTruthy();
      expect(within(region).queryByText('Route not started: 1 · Stop stuck: 1 · Temperature: 1')).toBeNull();
      await user.click(disclosure);
      expect(disclosure).toHaveAttribute('aria-expanded', 'false');
      expect(body).not.toBeVisible();
    });

    it('says nothing is open when folded with nothing open, and unfolds when the window widens', () => {
      const win = fakeWidth(390);
      const { region } = view(panel([], []));
      expect(within(region).getByRole('button', { name: 'Needs attention (0)' })).toBeTruthy();
      expect(region.querySelector('.attention-folded-counts')).toHaveTextContent(/^Nothing needs attention\.$/);
      act(() => win.resize(1024));
      expect(within(region).queryByRole('button', { name: /^Needs attention/ })).toBeNull();
      expect(within(region).getByRole('heading', { name: 'Needs attention · 0 open' })).toBeTruthy();
      expect(within(region).getByRole('group', { name: 'Show items of a kind' })).toBeVisible();
    });

    it('passes axe, folded and open', async () => {
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      fakeWidth(390);
      const { region } = view();
      const run = async () =>
        (
          await axe.run(region, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } })
        ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`);
      expect(await run()).toEqual([]);
      await userEvent.setup().click(within(region).getByRole('button', { name: 'Needs attention (3)' }));
      expect(await run()).toEqual([]);
    });
  });
});
