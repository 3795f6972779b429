import { describe, expect, it } from 'vitest';
import { historyValue, NO_VALUE } from './history';

describe('history values', () => {
  it('parses JSON text and shows an absent value as —', () => {
    expect(historyValue('null')).toBe(NO_VALUE);
    expect(historyValue(null)).toBe('—');
    expect(historyValue(undefined)).toBe('—');
    expect(historyValue('"chi-01"')).toBe('chi-01');
    expect(historyValue('7')).toBe('7');
    expect(historyValue('true')).toBe('true');
    expect(historyValue('{"Monday":1,"Sunday":0}')).toBe('{"Monday":1,"Sunday":0}');
    expect(historyValue('""')).toBe('(empty)');
  });
});
