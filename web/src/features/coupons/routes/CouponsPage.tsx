import { Flex, Heading, View } from '@aws-amplify/ui-react';
import { CouponGenerator } from '../components/CouponGenerator';
import { RecentCoupons } from '../components/RecentCoupons';

export default function CouponsPage() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Coupon Codes
      </Heading>
      <Flex direction="column" gap="2rem">
        <CouponGenerator />
        <RecentCoupons />
      </Flex>
    </View>
  );
}
