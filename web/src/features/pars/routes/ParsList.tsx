import { Heading, View } from '@aws-amplify/ui-react';
import { ParsView } from '../components/ParsView';

export default function ParsList() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Pars View
      </Heading>
      <ParsView />
    </View>
  );
}
