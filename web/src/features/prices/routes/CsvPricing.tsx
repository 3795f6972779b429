import { Heading, View } from '@aws-amplify/ui-react';
import { PriceUpload } from '../components/PriceUpload';

export default function CsvPricing() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Update Item Prices
      </Heading>
      <PriceUpload />
    </View>
  );
}
