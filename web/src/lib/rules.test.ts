import { describe, expect, it } from 'vitest';
import { CREATE_RULES, CUSTOM_HOURS_MESSAGE, RULE_OPTIONS, checkAll, checkField } from './rules';

const rule = (field: string) => CREATE_RULES.find((r) => r.field === field)!;

describe('the server rules, run in the browser', () => {
  it('answer the messages the server answers', () => {
    // The same cases as the server's create_rules tests and integration tests.
    expect(checkField(rule('id'), 'A-1')).toBe('id may contain only letters, digits and underscore');
    expect(checkField(rule('zipCode'), '1234')).toBe(
      'zipCode must be 5 digits, optionally followed by a dash and 4 digits',
    );
    expect(checkField(rule('zipCode'), '60601-1234')).toBeNull();
    expect(checkField(rule('latitude'), '50.1')).toBe('latitude should be a number in the range of 28 to 49!');
    expect(checkField(rule('latitude'), '41')).toBe('latitude must have 1 to 7 decimals');
    expect(checkField(rule('longitude'), '-60.5')).toBe('longitude should be a number in the range of -128 to -67!');
    expect(checkField(rule('percentage'), '5.555')).toBe('percentage can have at most 2 decimals');
    expect(checkField(rule('taxRate'), '30')).toBe('taxRate should be a number in the range of 0 to 29.999!');
    expect(checkField(rule('stop'), '3a')).toBe('stop must contain digits only');
    expect(checkField(rule('baseCommission'), '-1')).toBe('baseCommission should be a number of at least 0!');
    expect(checkField(rule('baseCommission'), '1.2345')).toBe('baseCommission can have at most 3 decimals');
    expect(checkField(rule('street'), ' ')).toBe('street cannot be empty');
    expect(checkField(rule('percentage'), '')).toBeNull();
  });

  it('check a whole form and carry the custom-hours message and the built-in options', () => {
    const errors = checkAll(CREATE_RULES, { id: 'X_1', street: 'a' });
    expect(errors.city).toBe('city cannot be empty');
    expect(errors.id).toBeUndefined();
    expect(CUSTOM_HOURS_MESSAGE.replace('{day}', 'Tuesday')).toBe(
      'Tuesday needs a from and a to time when hours is not 24 hours',
    );
    expect(RULE_OPTIONS.priceMapTemplates).toContain('PMT_NE_STANDARD');
  });
});
