import { Flex } from '@aws-amplify/ui-react';
import { Page } from '@/components/Page';
import { CouponGenerator } from '../components/CouponGenerator';
import { RecentCoupons } from '../components/RecentCoupons';

export default function CouponsPage() {
  return (
    <Page title="Coupon Codes">
      <Flex direction="column" gap="2rem">
        <CouponGenerator />
        <RecentCoupons />
      </Flex>
    </Page>
  );
}
