import { toCsv } from '@/lib/csv';

export const ALL_SCHEMAS = 'All Schemas';
export const MESSAGES = {
  schemaIds: 'Failed to fetch schema IDs.',
  none: 'No prices found for the selected schema.',
  download: 'Failed to download prices.',
};

/** The download: the upload's own columns, prices with 2 decimals, so the file can be edited and uploaded back. */
export function pricesCsv(prices: { schemaId: string; item: string; price?: number | null }[]): string {
  return toCsv(
    ['schemaId', 'item', 'price'],
    prices.map((p) => [p.schemaId, p.item, p.price === null || p.price === undefined ? '' : p.price.toFixed(2)]),
  );
}

export const fileName = (schema: string, today: string) =>
  `item-prices-${schema === ALL_SCHEMAS ? 'all-schemas' : schema}-${today}.csv`;
