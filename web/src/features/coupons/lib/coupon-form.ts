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
