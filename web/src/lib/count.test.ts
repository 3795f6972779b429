import { describe, expect, it } from 'vitest';
import { count } from './count';

describe('count', () => {
  it('says one in the singular and any other number in the plural', () => {
    expect([0, 1, 2].map((n) => count(n, 'row'))).toEqual(['0 rows', '1 row', '2 rows']);
    expect(count(1, 'batch', 'batches')).toBe('1 batch');
    expect(count(4, 'batch', 'batches')).toBe('4 batches');
  });
});
