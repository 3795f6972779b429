import { Button, Flex, Heading } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '@/components/useDocumentTitle';

/** /Error, and the error boundary of every route. */
export default function ErrorPage() {
  useDocumentTitle('Error');
  const error = useRouteErrorSafe();
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  return (
    <Flex direction="column" alignItems="center" gap="medium" className="centered-page" role="alert">
      <Heading level={1}>An error occurred. Please report to the Technology team</Heading>
      <Button as={Link} to="/home">
        Go to Home
      </Button>
    </Flex>
  );
}

/** useRouteError only works inside an errorElement; /Error renders this page as a normal route. */
function useRouteErrorSafe(): unknown {
  try {
    return useRouteError();
  } catch {
    return undefined;
  }
}
