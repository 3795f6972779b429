import { Heading, View } from '@aws-amplify/ui-react';
import { ForecastUpload } from '../components/ForecastUpload';

export default function ForecastUploadPage() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Upload Forecast
      </Heading>
      <ForecastUpload />
    </View>
  );
}
