import { useQuery } from '@tanstack/react-query';
import { rest } from '@/lib/api';

/** One unit in a slot, with the texts the server formats in the fridge's time zone (3-planning §9). */
export interface InventoryUnit {
  /** YYYY-MM-DD. */
  productionDate: string;
  shelfLifeDays: number | null;
  /** Production at 8:00 PM, e.g. '11/21/2026 8:00 PM'. */
  productionText: string | null;
  /** ISO instant of the expiry, null without a shelf life. */
  expiry: string | null;
  /** Expiry at 8:00 AM, e.g. '11/25/2026 8:00 AM', or 'UNKNOWN' without a shelf life. */
  expiryText: string;
  /** Beyond the spec: more than 2 hours above 41 °F since the unit was produced. */
  atRisk: boolean;
}

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

/** One unit as the server answers it (3-planning §3: itemsInSlot), with the texts it formats. */
interface ItemInSlot extends InventoryUnit {
  vendItemName: string;
}

/** The REST answer, in the spec's shape (3-planning §3, §7). */
export interface InventoryResponse {
  location: string;
  timestamp: string | null;
  inventory: { payload: { itemsBySlot: Record<string, { slotItemName: string; itemsInSlot: ItemInSlot[] }> } };
  /** Presigned picture per item. */
  images: Record<string, string | null>;
  /** Shelf life in days per item; null when unknown. */
  shelf_life: Record<string, number | null>;
}

const coordinate = (slot: string): [number, number] => {
  const [row, column] = slot.split(':').map((n) => Number.parseInt(n, 10));
  return [
    Number.isFinite(row) ? row : Number.MAX_SAFE_INTEGER,
    Number.isFinite(column) ? column : Number.MAX_SAFE_INTEGER,
  ];
};

/** The spec-shaped answer as the page's slots, ordered by row, then column. */
export function toInventory(body: InventoryResponse): FridgeInventory {
  const slots = Object.entries(body.inventory?.payload?.itemsBySlot ?? {}).map(([slot, s]) => {
    const [row, column] = coordinate(slot);
    const units = s.itemsInSlot.map(({ vendItemName: _item, ...unit }) => ({
      ...unit,
      shelfLifeDays: unit.shelfLifeDays ?? body.shelf_life?.[s.slotItemName] ?? null,
    }));
    return {
      slot,
      row,
      column,
      itemName: s.slotItemName,
      count: units.length,
      imageUrl: body.images?.[s.slotItemName] ?? null,
      units,
    };
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
  toInventory(await rest<InventoryResponse>('GET', `/locations/${encodeURIComponent(id)}/inventory`));

export function useInventory(id: string) {
  return useQuery({
    queryKey: inventoryKey(id),
    queryFn: () => getInventory(id),
    enabled: id !== '',
    staleTime: 0,
    refetchInterval: INVENTORY_REFRESH_MS,
  });
}
