import { describe, expect, it } from 'vitest';
import { parseJsonValue } from './location-fields';

describe('location fields', () => {
  it('parses AWSJSON values', () => {
    expect(parseJsonValue('42')).toBe(42);
    expect(parseJsonValue('{"prod":"x"}')).toEqual({ prod: 'x' });
    expect(parseJsonValue('not json')).toBe('not json');
  });
});
