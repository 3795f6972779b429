import { Heading, View } from '@aws-amplify/ui-react';
import { ParsUpload } from '../components/ParsUpload';

export default function ParsUploadPage() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        Upload Pars
      </Heading>
      <ParsUpload />
    </View>
  );
}
