import { Alert, Flex, Heading, Link as UiLink, Text } from '@aws-amplify/ui-react';
import { getConfig } from '@/config';

export default function CustomersGroupNotice() {
  const form = getConfig().links.perDiemForm;
  return (
    <Flex direction="column" gap="medium" className="notice-page">
      <Heading level={2}>Customer groups</Heading>
      <Alert variation="info" heading="This service is being migrated">
        <Text>
          This service is being migrated. Per diem requests must now be made by filling in the per diem request
          form
          {form ? (
            <>
              {': '}
              <UiLink href={form} isExternal>
                open the per diem request form
              </UiLink>
              .
            </>
          ) : (
            '. Please ask the Technology team for the form.'
          )}
        </Text>
      </Alert>
    </Flex>
  );
}
