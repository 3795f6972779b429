import { todayIn } from '@/components/dates';
import { VALUES } from './coupon-lists';

/** The offered values (3-planning §9): '$' means AMOUNT, '%' means PERCENT; the digits are the value. */
export const VALUE_CHOICES = VALUES.map((v) => v.display);
/** '$5' → AMOUNT 5, '50 %' → PERCENT 50 (§5); null when the text holds neither sign or no digits. */
export function parseValue(text: string): { type: 'AMOUNT' | 'PERCENT'; value: number } | null {
  const digits = text.replace(/\D/g, '');
  if (!digits) return null;
  if (text.includes('$')) return { type: 'AMOUNT', value: Number(digits) };
  if (text.includes('%')) return { type: 'PERCENT', value: Number(digits) };
  return null;
}

export interface CouponForm {
  reason: string;
  value: string;
  startDate: string;
  endDate: string;
}

/** GENERATE CODE is enabled only when every field is set (§5). */
export const isComplete = (f: CouponForm) => Boolean(f.reason && f.value && f.startDate && f.endDate);

/** A new form: both date pickers start on today (3-planning §9). */
export const emptyCouponForm = (now: Date = new Date()): CouponForm => ({
  reason: '',
  value: '',
  startDate: todayIn(undefined, now),
  endDate: todayIn(undefined, now),
});

/**
 * The coupons server's own words for a validity that ends before it starts
 * (functions/coupons/src/rules.rs); rules.json does not export them, so they are repeated here.
 */
export const END_BEFORE_START = 'End date cannot be before start date';

/** The date-order error of a form whose two dates are set (ISO dates compare as text), else null. */
export const dateOrderError = (f: CouponForm): string | null =>
  f.startDate && f.endDate && f.endDate < f.startDate ? END_BEFORE_START : null;

/** GENERATE CODE may be pressed: every field set and the dates in order. */
export const canGenerate = (f: CouponForm) => isComplete(f) && dateOrderError(f) === null;
