import { describe, expect, it } from 'vitest';
import { historyText, NO_VALUE } from './history';

describe('history values (issue 22: as a person reads them)', () => {
  it('shows an absent value as —', () => {
    expect(historyText('null')).toBe(NO_VALUE);
    expect(historyText(null)).toBe('—');
    expect(historyText(undefined)).toBe('—');
  });

  it('shows stored JSON without braces or quotes', () => {
    expect(historyText('"chi-01"')).toBe('chi-01');
    expect(historyText('7')).toBe('7');
    expect(historyText('true')).toBe('Yes');
    expect(historyText('""')).toBe('(empty)');
    expect(historyText('{"prod":"Holiday Break"}')).toBe('prod: Holiday Break');
    expect(historyText('{"Monday":1,"Tuesday":1,"Sunday":0}')).toBe('Mon, Tue');
  });
});
