import { useQuery } from '@tanstack/react-query';
import { rest } from '@/lib/api';

export interface Coupon {
  couponCode: string;
  reason: string;
  /** As chosen: '$5', '50 %'. */
  value: string;
  type: 'AMOUNT' | 'PERCENT';
  startDate: string;
  endDate: string;
  createdAt: string;
  redeemed: boolean;
}

export const myCouponsKey = ['coupons', 'mine'] as const;

/** GET /coupons/mine: the signed-in agent's latest 50 codes. */
export const myCoupons = () => rest<{ coupons: Coupon[] }>('GET', '/coupons/mine');

/** The list; not asked for while `enabled` is false (a user without the action). */
export function useMyCoupons(enabled = true) {
  return useQuery({ queryKey: myCouponsKey, queryFn: myCoupons, select: (d) => d.coupons, enabled });
}
