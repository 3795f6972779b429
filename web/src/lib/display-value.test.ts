import { describe, expect, it } from 'vitest';
import { displayJson, displayValue } from './display-value';

describe('displayValue (issue 22: values as a person reads them, not raw JSON)', () => {
  it('shows plain values as they are and booleans and nulls in words', () => {
    expect(displayValue('LIVE')).toBe('LIVE');
    expect(displayValue('')).toBe('(empty)');
    expect(displayValue(7)).toBe('7');
    expect(displayValue(0)).toBe('0');
    expect(displayValue(true)).toBe('Yes');
    expect(displayValue(false)).toBe('No');
    expect(displayValue(null)).toBe('None');
    expect(displayValue(undefined)).toBe('None');
  });

  it('shows objects as key: value pairs, not JSON', () => {
    expect(displayValue({ prod: 'Holiday Break' })).toBe('prod: Holiday Break');
    expect(displayValue({ prod: 'Holiday Break', status: 'Closed' })).toBe('prod: Holiday Break, status: Closed');
    expect(displayValue({ a: true, b: null })).toBe('a: Yes, b: None');
    expect(displayValue({ a: { b: 1, c: 2 }, d: 3 })).toBe('a: (b: 1, c: 2), d: 3');
    expect(displayValue({})).toBe('None');
  });

  it('joins arrays and shows a pair of times as a range', () => {
    expect(displayValue(['a', 'b', 3])).toBe('a, b, 3');
    expect(displayValue([])).toBe('None');
    expect(displayValue(['08:00', '17:00'])).toBe('08:00 to 17:00');
    expect(
      displayValue([
        ['08:00', '12:00'],
        ['13:00', '17:00'],
      ]),
    ).toBe('08:00 to 12:00, 13:00 to 17:00');
  });

  it('shows a day-schedule map as the days that are on, in week order', () => {
    expect(displayValue({ Sunday: 0, Monday: 1, Tuesday: 1, Wednesday: 1, Thursday: 1, Friday: 1, Saturday: 0 })).toBe(
      'Mon, Tue, Wed, Thu, Fri',
    );
    expect(displayValue({ Sunday: true, Monday: false })).toBe('Sun');
    expect(displayValue({ Monday: 0, Sunday: 0 })).toBe('None');
  });

  it('shows work hours per day in week order', () => {
    expect(displayValue({ Tuesday: [['09:00', '17:00']], Monday: [['08:00', '17:00']], Sunday: [] })).toBe(
      'Mon: 08:00 to 17:00, Tue: 09:00 to 17:00, Sun: None',
    );
  });
});

describe('displayJson', () => {
  it('reads JSON text (AWSJSON) and shows its value', () => {
    expect(displayJson('{"prod":"Holiday Break"}')).toBe('prod: Holiday Break');
    expect(displayJson('"chi-01"')).toBe('chi-01');
    expect(displayJson('null')).toBe('None');
    expect(displayJson(null)).toBe('None');
    expect(displayJson('true')).toBe('Yes');
    expect(displayJson('not json')).toBe('not json');
  });
});
