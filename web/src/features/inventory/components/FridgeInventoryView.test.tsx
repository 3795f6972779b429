import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, rest } from '@/lib/api';
import { locationIdOf } from '@/lib/brands';
import { headingProblems } from '@/components/heading-outline';
import { renderWithProviders } from '@/test/utils';
import {
  toInventory,
  type FridgeInventory,
  type InventoryResponse,
  type InventorySlot,
  type InventoryUnit,
} from '../api/get-inventory';
import { FridgeInventoryView } from './FridgeInventoryView';
import { InventoryAge } from './InventoryAge';
import { LOAD_INVENTORY_FAILURE } from '@/lib/messages';
import { restTarget } from '@/test/rest';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  rest: vi.fn(),
}));
const restMock = vi.mocked(rest);

const ID = 'CHI_0001';

const unit = (over: Partial<InventoryUnit> = {}): InventoryUnit => ({
  productionDate: '2026-11-21',
  shelfLifeDays: 3,
  productionText: '11/21/2026 8:00 PM',
  expiry: '2026-11-25T14:00:00.000Z',
  expiryText: '11/25/2026 8:00 AM',
  atRisk: false,
  ...over,
});

function slot(
  row: number,
  column: number,
  itemName: string,
  units: InventoryUnit[],
  imageUrl: string | null = null,
): InventorySlot {
  return { slot: `${row}:${column}`, row, column, itemName, count: units.length, imageUrl, units };
}

let answer: FridgeInventory | Error;
let calls: string[];

beforeEach(() => {
  calls = [];
  answer = {
    locationId: ID,
    timestamp: new Date(Date.now() - 7 * 60_000 - 5_000).toISOString(),
    slots: [
      slot(
        1,
        1,
        'GREEK_SALAD',
        [
          unit(),
          unit({
            productionDate: '2026-11-22',
            productionText: '11/22/2026 8:00 PM',
            expiryText: '11/26/2026 8:00 AM',
          }),
        ],
        'https://img.test/greek.svg',
      ),
      slot(1, 2, 'KETTLE_CHIPS', [unit({ shelfLifeDays: null, expiry: null, expiryText: 'UNKNOWN' })]),
      slot(1, 3, 'COLD_BREW', []),
      slot(1, 4, 'WRAP', [
        unit({ atRisk: true, productionText: '11/20/2026 8:00 PM', expiryText: '11/24/2026 8:00 AM' }),
      ]),
      ...[1, 2, 3, 4, 5, 6].map((c) => slot(2, c, `ITEM_${c}`, [unit()])),
    ],
  };
  restMock.mockImplementation(async (route, request) => {
    const { method, path } = restTarget(route, request);
    calls.push(`${method} ${path}`);
    if (answer instanceof Error) throw answer;
    return asResponse(answer);
  });
});

/** The page's model as the server sends it, in the spec's shape (3-planning §3). */
function asResponse(inv: FridgeInventory): InventoryResponse {
  return {
    location: locationIdOf(inv.locationId),
    timestamp: inv.timestamp,
    inventory: {
      payload: {
        itemsBySlot: Object.fromEntries(
          inv.slots.map((s) => [
            s.slot,
            { slotItemName: s.itemName, itemsInSlot: s.units.map((u) => ({ vendItemName: s.itemName, ...u })) },
          ]),
        ),
      },
    },
    images: Object.fromEntries(inv.slots.map((s) => [s.itemName, s.imageUrl])),
    shelf_life: {},
  };
}

describe('toInventory', () => {
  it('reads the spec-shaped answer into slots ordered by row then column, with pictures and shelf lives per item', () => {
    const body: InventoryResponse = {
      location: locationIdOf('X'),
      timestamp: '2026-11-23T02:00:00.000Z',
      inventory: {
        payload: {
          itemsBySlot: {
            '2:1': { slotItemName: 'B', itemsInSlot: [] },
            '1:10': { slotItemName: 'A', itemsInSlot: [{ vendItemName: 'A', ...unit({ shelfLifeDays: null }) }] },
            '1:2': { slotItemName: 'A', itemsInSlot: [] },
          },
        },
      },
      images: { A: 'https://img/a.svg' },
      shelf_life: { A: 3, B: null },
    };
    const inv = toInventory(body);
    expect(inv.slots.map((s) => s.slot)).toEqual(['1:2', '1:10', '2:1']);
    expect(inv.slots[1]).toMatchObject({ row: 1, column: 10, itemName: 'A', count: 1, imageUrl: 'https://img/a.svg' });
    expect(inv.slots[1].units[0].shelfLifeDays).toBe(3);
    expect(inv.slots[2]).toMatchObject({ count: 0, imageUrl: null });
  });
});

const view = () => renderWithProviders(<FridgeInventoryView id={ID} />);
const slotButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}\\b`) });

describe('FridgeInventoryView', () => {
  it('shows the fridge, the age of its inventory and the slots row by row, centred', async () => {
    view();
    expect(screen.getByRole('status')).toHaveTextContent('Loading inventory…');
    expect(await screen.findByText('Inventory as of 7 minutes ago')).toBeInTheDocument();
    expect(calls).toEqual([`GET /locations/${ID}/inventory`]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Fridge inventory: ${ID}`);
    expect(screen.getByRole('link', { name: 'Fridge health' })).toHaveAttribute('href', `/locations/health/${ID}`);

    const row1 = screen.getByRole('list', { name: 'Row 1' });
    const row2 = screen.getByRole('list', { name: 'Row 2' });
    expect(
      within(row1)
        .getAllByRole('listitem')
        .map((li) => li.style.gridColumn),
    ).toEqual(['3 / span 2', '5 / span 2', '7 / span 2', '9 / span 2']);
    expect(
      within(row2)
        .getAllByRole('listitem')
        .map((li) => li.style.gridColumn),
    ).toEqual(['1 / span 2', '3 / span 2', '5 / span 2', '7 / span 2', '9 / span 2', '11 / span 2']);

    expect(slotButton('GREEK_SALAD')).toHaveTextContent('2 units');
    expect(slotButton('COLD_BREW')).toHaveTextContent('0 units');
    expect(slotButton('WRAP')).toHaveTextContent('At risk');
    expect(slotButton('GREEK_SALAD')).not.toHaveTextContent('At risk');
    expect(screen.getByText('10 units in 10 slots · 1 unit at risk')).toBeInTheDocument();
  });

  it('has one h1 and no skipped level; its links use the kit style (no inline colour)', async () => {
    const { container } = view();
    await screen.findByText('Inventory as of 7 minutes ago');
    expect(headingProblems(container)).toEqual([]);
    for (const link of screen.getAllByRole('link')) expect(link.style.color).toBe('');
  });

  it('names each slot button by its visible text, words apart (axe label-content-name-mismatch)', async () => {
    view();
    await screen.findByText('Inventory as of 7 minutes ago');
    for (const button of document.querySelectorAll('button[data-slot]')) {
      expect(button).not.toHaveAttribute('aria-label');
      expect(button).not.toHaveAttribute('aria-labelledby');
    }
    expect(screen.getByRole('button', { name: 'GREEK_SALAD 2 units Slot 1:1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^WRAP 1 unit Slot \S+ At risk$/ })).toBeInTheDocument();
  });

  it('shows the picture, or a placeholder when there is none or it fails to load', async () => {
    view();
    const greek = await screen.findByRole('button', { name: /^GREEK_SALAD/ });
    const img = greek.querySelector('img');
    expect(img).toHaveAttribute('src', 'https://img.test/greek.svg');
    expect(within(slotButton('KETTLE_CHIPS')).getByTestId('thumbnail-placeholder')).toBeInTheDocument();
    fireEvent.error(img!);
    expect(within(greek).getByTestId('thumbnail-placeholder')).toBeInTheDocument();
    expect(greek.querySelector('img')).toBeNull();
  });

  it("opens a slot's units in a modal, with the server's texts and 'At risk' marked", async () => {
    const user = userEvent.setup();
    view();
    await user.click(await screen.findByRole('button', { name: /^GREEK_SALAD/ }));
    let dialog = screen.getByRole('dialog', { name: 'GREEK_SALAD — slot 1:1' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', '11/21/2026 8:00 PM', '11/25/2026 8:00 AM', ''],
      ['2', '11/22/2026 8:00 PM', '11/26/2026 8:00 AM', ''],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(slotButton('KETTLE_CHIPS'));
    expect(
      within(screen.getByRole('dialog', { name: 'KETTLE_CHIPS — slot 1:2' })).getByText('UNKNOWN'),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    // Keyboard: a slot is a button.
    slotButton('WRAP').focus();
    await user.keyboard('{Enter}');
    dialog = screen.getByRole('dialog', { name: 'WRAP — slot 1:4' });
    const risky = within(dialog).getAllByRole('row')[1];
    expect(risky).toHaveAttribute('data-at-risk', 'true');
    expect(within(risky).getByText('At risk')).toBeInTheDocument();
    expect(
      within(dialog).getByText('At risk: more than 2 hours above 41 °F since it was produced.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it("says 'None in stock' for an empty slot", async () => {
    const user = userEvent.setup();
    view();
    await user.click(await screen.findByRole('button', { name: /^COLD_BREW/ }));
    const dialog = screen.getByRole('dialog', { name: 'COLD_BREW — slot 1:3' });
    expect(within(dialog).getByText('None in stock')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it('says so when the fridge never reported an inventory', async () => {
    answer = { locationId: ID, timestamp: null, slots: [] };
    view();
    expect(await screen.findByText(`No inventory has been reported for ${ID} yet.`)).toBeInTheDocument();
    expect(screen.queryByText(/Inventory as of/)).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("shows the server's message for an unknown fridge, without a retry", async () => {
    answer = new ApiError(`Location ${ID} not found`, { status: 404, errorType: 'NotFound' });
    view();
    expect(await screen.findByRole('alert')).toHaveTextContent(`Location ${ID} not found`);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Fridge health' })).toBeInTheDocument();
  });

  it('offers a retry after a failure, and words a refusal and a network failure', async () => {
    const user = userEvent.setup();
    answer = new TypeError('Failed to fetch');
    view();
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_INVENTORY_FAILURE);
    answer = {
      locationId: ID,
      timestamp: new Date().toISOString(),
      slots: [slot(1, 1, 'WRAP', [unit()])],
    };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /^WRAP/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('words a permission refusal', async () => {
    answer = new ApiError('Forbidden', { status: 403, errorType: 'Forbidden' });
    view();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error! User Action Prohibited!');
  });
});

describe('InventoryAge', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('recomputes the minutes as time passes', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T02:10:00.000Z'));
    render(<InventoryAge timestamp="2026-11-23T02:08:40.000Z" />);
    expect(screen.getByTestId('inventory-age')).toHaveTextContent('Inventory as of 1 minute ago');
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByTestId('inventory-age')).toHaveTextContent('Inventory as of 1 minute ago');
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByTestId('inventory-age')).toHaveTextContent('Inventory as of 2 minutes ago');
    act(() => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    expect(screen.getByTestId('inventory-age')).toHaveTextContent('Inventory as of 12 minutes ago');
  });
});
