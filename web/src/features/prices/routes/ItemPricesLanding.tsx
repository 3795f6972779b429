import { Heading, View } from '@aws-amplify/ui-react';
import { PriceDownload } from '../components/PriceDownload';

export default function ItemPricesLanding() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Download Item Prices
      </Heading>
      <PriceDownload />
    </View>
  );
}
