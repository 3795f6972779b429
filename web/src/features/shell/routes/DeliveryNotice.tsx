import { Alert, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useDocumentTitle } from '@/components/useDocumentTitle';

export default function DeliveryNotice() {
  useDocumentTitle('Delivery');
  return (
    <Flex direction="column" gap="medium" className="notice-page">
      <Heading level={1}>Delivery</Heading>
      <Alert variation="info" heading="No longer necessary">
        <Text>This action is no longer necessary. There is nothing to do on this page.</Text>
      </Alert>
    </Flex>
  );
}
