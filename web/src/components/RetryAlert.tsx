import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';

/** A load failure with its message and a Retry button. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert variation="error" role="alert">
      <Flex alignItems="center" gap="1rem">
        <Text>{message}</Text>
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      </Flex>
    </Alert>
  );
}
