import { Heading, View } from '@aws-amplify/ui-react';
import { ForecastView } from '../components/ForecastView';

export default function ForecastViewPage() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Forecast View
      </Heading>
      <ForecastView />
    </View>
  );
}
