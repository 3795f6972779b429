import rules from '@/generated/rules.json';

/** The server's lists (functions/coupons): issue types and value choices, exported into rules.json. */
export interface Reason {
  category: string;
  reason: string;
  label: string;
}
export const REASONS: Reason[] = rules.coupon.reasons;
export const VALUES: { display: string; type: string; value: number }[] = rules.coupon.values;
