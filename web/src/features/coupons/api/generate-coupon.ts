import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from '@/lib/api';
import type { RequestId } from '@/lib/brands';
import { myCouponsKey } from './my-coupons';

export interface CouponRequest {
  imageName: string;
  type: 'AMOUNT' | 'PERCENT';
  value: number;
  startDate: string;
  endDate: string;
  /** One per GENERATE CODE press: a retried request answers the same code. */
  requestId: RequestId;
}

/** POST /coupons: a single-use code. */
export const generateCoupon = (body: CouponRequest) => rest('generate_coupon', body);

export function useGenerateCoupon() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: generateCoupon, onSettled: () => qc.invalidateQueries({ queryKey: myCouponsKey }) });
}
