import { describe, expect, it } from 'vitest';
import { ALL_SCHEMAS, fileName, pricesCsv } from './prices-csv';

describe('price download', () => {
  it('writes the upload columns with two decimals', () => {
    const csv = pricesCsv([
      { schemaId: 'MW', item: 'COLD_BREW', price: 3.5 },
      { schemaId: 'MW', item: 'WRAP', price: 6 },
    ]);
    expect(csv.trim().split(/\r?\n/)).toEqual(['schemaId,item,price', 'MW,COLD_BREW,3.50', 'MW,WRAP,6.00']);
  });

  it('names the file after the schema', () => {
    expect(fileName(ALL_SCHEMAS, '2026-11-22')).toBe('item-prices-all-schemas-2026-11-22.csv');
    expect(fileName('MW', '2026-11-22')).toBe('item-prices-MW-2026-11-22.csv');
  });
});
