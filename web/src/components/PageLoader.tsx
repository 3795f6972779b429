import { Flex, Loader, Text } from '@aws-amplify/ui-react';

export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Flex className="page-loader" direction="column" alignItems="center" gap="small" role="status">
      <Loader size="large" />
      <Text color="font.tertiary">{label}</Text>
    </Flex>
  );
}
