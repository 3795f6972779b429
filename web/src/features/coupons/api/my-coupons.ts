import { useQuery } from '@tanstack/react-query';
import { rest } from '@/lib/api';
import type { View } from '@/generated/rest/responses';

/** A code as the list shows it; `value` as chosen: '$5', '50 %'. */
export type Coupon = View;

export const myCouponsKey = ['coupons', 'mine'] as const;

/** GET /coupons/mine: the signed-in agent's latest 50 codes. */
export const myCoupons = () => rest('my_coupons', {});

/** The list; not asked for while `enabled` is false (a user without the action). */
export function useMyCoupons(enabled = true) {
  return useQuery({ queryKey: myCouponsKey, queryFn: myCoupons, select: (d) => d.coupons, enabled });
}
