import { useQuery } from '@tanstack/react-query';
import { rest } from '@/lib/api';
import { locationIdOf } from '@/lib/brands';
import type { InventoryView, UnitView } from '@/generated/rest/responses';

/** One unit in a slot, with the texts the server formats in the fridge's time zone (3-planning §9). */
export type InventoryUnit = Omit<UnitView, 'vendItemName'>;

export interface InventorySlot {
  /** 'row:column', e.g. '1:1'. */
  slot: string;
  row: number;
  column: number;
  itemName: string;
  count: number;
  /** A short-lived presigned picture of the item, or null. */
  imageUrl: string | null;
  units: InventoryUnit[];
}

export interface FridgeInventory {
  locationId: string;
  /** When the fridge reported this inventory; null when it never did. */
  timestamp: string | null;
  /** Ordered by row, then column. */
  slots: InventorySlot[];
}

/** The REST answer, in the spec's shape (3-planning §3, §7). */
export type InventoryResponse = InventoryView;

const coordinate = (slot: string): [number, number] => {
  const [row, column] = slot.split(':').map((n) => Number.parseInt(n, 10));
  return [
    Number.isFinite(row) ? row : Number.MAX_SAFE_INTEGER,
    Number.isFinite(column) ? column : Number.MAX_SAFE_INTEGER,
  ];
};

/** The spec-shaped answer as the page's slots, ordered by row, then column. */
export function toInventory(body: InventoryResponse): FridgeInventory {
  const slots = Object.entries(body.inventory?.payload?.itemsBySlot ?? {}).flatMap(([slot, s]) => {
    if (!s) return [];
    const [row, column] = coordinate(slot);
    const units = s.itemsInSlot.map(({ vendItemName: _item, ...unit }) => ({
      ...unit,
      shelfLifeDays: unit.shelfLifeDays ?? body.shelf_life?.[s.slotItemName] ?? null,
    }));
    return [
      {
        slot,
        row,
        column,
        itemName: s.slotItemName,
        count: units.length,
        imageUrl: body.images?.[s.slotItemName] ?? null,
        units,
      },
    ];
  });
  slots.sort((a, b) => a.row - b.row || a.column - b.column);
  return { locationId: body.location, timestamp: body.timestamp, slots };
}

/**
 * Pictures are presigned for 5 minutes, so the inventory is read again before
 * they expire (which also brings the fridge's newer reports).
 */
export const INVENTORY_REFRESH_MS = 4 * 60_000;

export const inventoryKey = (id: string) => ['inventory', id] as const;

/** GET /locations/{id}/inventory: the last inventory the fridge reported (404 for an unknown location). */
export const getInventory = async (id: string) =>
  toInventory(await rest('location_inventory', { id: locationIdOf(id) }));

export function useInventory(id: string) {
  return useQuery({
    queryKey: inventoryKey(id),
    queryFn: () => getInventory(id),
    enabled: id !== '',
    staleTime: 0,
    refetchInterval: INVENTORY_REFRESH_MS,
  });
}
