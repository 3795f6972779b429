import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { MessageDialog } from '@/components/MessageDialog';
import { ApiError } from '@/lib/api';
import { REPORTS } from '../lib/report-rules';

/** A fridge's id, linking to its health page (issue 25: from each row to the fridge). */
export function FridgeLink({ id }: { id: string }) {
  return <Link to={`/locations/health/${encodeURIComponent(id)}`}>{id}</Link>;
}

/**
 * A report's load failure: a refused request (a rule, 400) is said under the form in the server's
 * words; anything else is the spec's alert modal (3-planning §8).
 */
export function LoadFailure({ error }: { error: unknown }) {
  const [open, setOpen] = useState(true);
  if (error instanceof ApiError && error.status === 400) {
    return (
      <Alert variation="warning" role="alert">
        {error.message}
      </Alert>
    );
  }
  return (
    <>
      <Alert variation="error">{REPORTS.loadFailed}</Alert>
      {open ? (
        <MessageDialog title="Unable to load data" text={REPORTS.loadFailed} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/** Progress while a range loads page by page. */
export function Loading({ loaded, what }: { loaded: number; what: string }) {
  return (
    <Flex alignItems="center" gap="0.5rem" role="status">
      <Loader />
      <Text>
        Loading {what}…{loaded > 0 ? ` ${loaded.toLocaleString()} so far` : ''}
      </Text>
    </Flex>
  );
}
