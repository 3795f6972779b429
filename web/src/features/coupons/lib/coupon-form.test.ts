import { describe, expect, it } from 'vitest';
import {
  canGenerate,
  dateOrderError,
  emptyCouponForm,
  END_BEFORE_START,
  isComplete,
  parseValue,
  VALUE_CHOICES,
} from './coupon-form';

describe('coupon form', () => {
  it('reads $ as AMOUNT and % as PERCENT with the digits as the value', () => {
    expect(parseValue('$10')).toEqual({ type: 'AMOUNT', value: 10 });
    expect(parseValue('50 %')).toEqual({ type: 'PERCENT', value: 50 });
    expect(parseValue('10')).toBeNull();
    expect(VALUE_CHOICES).toEqual(['50 %', '$2', '$3', '$5', '$6', '$8', '$9', '$10']);
    expect(VALUE_CHOICES.map(parseValue).every(Boolean)).toBe(true);
  });

  it('needs every field', () => {
    const full = { reason: 'Quality: Item expired', value: '$5', startDate: '2026-11-22', endDate: '2026-11-30' };
    expect(isComplete(full)).toBe(true);
    for (const k of Object.keys(full)) expect(isComplete({ ...full, [k]: '' })).toBe(false);
  });

  it('starts both dates on today (3-planning §9)', () => {
    const f = emptyCouponForm(new Date(2026, 10, 23, 12));
    expect(f).toEqual({ reason: '', value: '', startDate: '2026-11-23', endDate: '2026-11-23' });
  });

  it("refuses an end before the start with the server's words", () => {
    const full = { reason: 'Quality: Item expired', value: '$5', startDate: '2026-11-22', endDate: '2026-11-22' };
    expect(dateOrderError(full)).toBeNull();
    expect(canGenerate(full)).toBe(true);
    const reversed = { ...full, endDate: '2026-11-21' };
    expect(dateOrderError(reversed)).toBe('End date cannot be before start date');
    expect(END_BEFORE_START).toBe('End date cannot be before start date');
    expect(isComplete(reversed)).toBe(true);
    expect(canGenerate(reversed)).toBe(false);
    expect(dateOrderError({ ...full, endDate: '' })).toBeNull();
  });
});
