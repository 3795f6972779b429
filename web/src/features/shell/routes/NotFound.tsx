import { Button, Flex, Heading } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/useDocumentTitle';

export default function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <Flex direction="column" alignItems="center" gap="medium" className="centered-page">
      <Heading level={1}>Sorry, page not found!</Heading>
      <Button as={Link} to="/home">
        Go to Home
      </Button>
    </Flex>
  );
}
