import { Alert, Flex, Heading, Link as UiLink, Text } from '@aws-amplify/ui-react';
import { getConfig } from '@/config';
import { useDocumentTitle } from '@/components/useDocumentTitle';

/** /customers/group: the service is being migrated; per diem requests go through a form. */
export default function CustomersGroupNotice() {
  useDocumentTitle('Customer groups');
  const form = getConfig().links.perDiemForm;
  return (
    <Flex direction="column" gap="medium" className="notice-page">
      <Heading level={1}>Customer groups</Heading>
      <Alert variation="info" heading="This service is being migrated">
        <Text>To make a per diem request, please fill in the per diem request form.</Text>
        {form ? (
          <UiLink href={form} isExternal>
            Open the per diem request form
          </UiLink>
        ) : (
          <Text fontSize="small" color="font.tertiary">
            Ask the Technology team for the form.
          </Text>
        )}
      </Alert>
    </Flex>
  );
}
