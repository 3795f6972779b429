import { describe, expect, it } from 'vitest';
import { byTextCaseless, byTextNumeric } from './collate';

const words = ['chi_10', 'CHI_2', 'Chi_1', 'nyc_1', 'R10', 'r2', 'R1', 'Ábc', 'abd', 'b'];

describe('collate', () => {
  it('orders as localeCompare with the same options does', () => {
    const caseless = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
    const numeric = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });
    expect([...words].sort(byTextCaseless)).toEqual([...words].sort(caseless));
    expect([...words].sort(byTextNumeric)).toEqual([...words].sort(numeric));
    expect(['R10', 'R2', 'R1'].sort(byTextNumeric)).toEqual(['R1', 'R2', 'R10']);
    expect(byTextCaseless('CHI_1', 'chi_1')).toBe(0);
  });
});
