import { Heading, View } from '@aws-amplify/ui-react';
import { PackingReport } from '../components/PackingReport';

export default function ParsReport() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Packing Slip Report
      </Heading>
      <PackingReport />
    </View>
  );
}
