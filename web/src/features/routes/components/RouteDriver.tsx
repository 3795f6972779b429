import { useState } from 'react';
import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Guard } from '@/components/Guard';
import { errorMessage } from '@/lib/api';
import { useToast } from '@/lib/toast';
import { useAssignRouteDriver } from '../api/assign-route-driver';
import type { RouteAssignment } from '../api/route-assignments';
import { normalEmail, type DriverRequests } from '../lib/driver-requests';
import { driverSavedText, driverText, removeDriverQuestion, SAVE_DRIVER_FAILURE } from '../lib/route-drivers';

export interface RouteDriverProps {
  date: string;
  route: string;
  /** The route's driver; undefined when it has none (or the day's drivers are not loaded). */
  assignment: RouteAssignment | undefined;
  /** The day's drivers were read: only then is the version known that a change must name. */
  loaded: boolean;
  /** The day's drivers could not be read. */
  failed: boolean;
  /** The id of the datalist of the users who may drive (their e-mails, each with its name). */
  emailsListId: string;
  requests: DriverRequests;
  onHistory: () => void;
}

/**
 * Under a route's header on View Routes (issue 38): who drives it, and for a user with
 * AssignRoutes an e-mail field and Save to set, change or clear (empty) the driver. Clearing
 * asks first; every saved change says what it did (toast). A change names the version shown;
 * a stale one is refused with the server's message, shown here.
 */
export function RouteDriver({
  date,
  route,
  assignment,
  loaded,
  failed,
  emailsListId,
  requests,
  onHistory,
}: RouteDriverProps) {
  const assign = useAssignRouteDriver();
  const toast = useToast();
  // What the user typed; null shows the stored driver (and follows it when it changes).
  const [draft, setDraft] = useState<string | null>(null);
  // Clearing the driver waits for the user's yes.
  const [confirming, setConfirming] = useState(false);
  const stored = assignment?.driverEmail ?? '';
  const value = draft ?? stored;
  const unchanged = normalEmail(value) === normalEmail(stored);
  const clearing = normalEmail(value) === '' && stored !== '';

  const send = () => {
    const input = requests.inputFor(date, route, value, assignment?.version ?? 0);
    assign.mutate(input, {
      onSuccess: (saved) => {
        requests.settled(input);
        setDraft(null);
        toast.success(driverSavedText(saved?.driverEmail, route, date));
      },
      onError: (err) => requests.settled(input, err),
      onSettled: () => setConfirming(false),
    });
  };

  const save = () => {
    if (!loaded || unchanged || assign.isPending) return;
    if (clearing) setConfirming(true);
    else send();
  };

  return (
    // Stays in view while a wide table scrolls sideways, and wraps on a phone.
    <Flex
      className="route-driver"
      direction="row"
      wrap="wrap"
      alignItems="center"
      columnGap="0.75rem"
      rowGap="0.25rem"
      style={{ position: 'sticky', left: '0.75rem', maxWidth: 'min(100%, calc(100vw - 4rem))' }}
    >
      <Text as="span" role="group" aria-label={`Driver of route ${route}`} data-testid="route-driver">
        {driverText(assignment, { loaded, failed })}
      </Text>
      <Button size="small" className="no-print" aria-label={`Driver history of route ${route}`} onClick={onHistory}>
        History
      </Button>
      <Guard call="assignRouteDriver">
        {(refused) => (
          <form
            className="no-print"
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            <Flex alignItems="flex-end" gap="0.5rem" wrap="wrap">
              <TextField
                label={`Driver e-mail for route ${route}`}
                labelHidden
                placeholder="Driver e-mail"
                type="email"
                size="small"
                autoComplete="off"
                list={emailsListId}
                value={value}
                onChange={(e) => {
                  setDraft(e.target.value);
                  if (assign.isError) assign.reset();
                }}
                isDisabled={refused || !loaded}
                width="15rem"
                maxWidth="100%"
              />
              <Button
                type="submit"
                size="small"
                aria-label={`Save driver for route ${route}`}
                isDisabled={refused || !loaded || unchanged}
                isLoading={assign.isPending}
                loadingText="Saving…"
              >
                Save
              </Button>
            </Flex>
          </form>
        )}
      </Guard>
      {confirming ? (
        <ConfirmDialog
          title={`Remove the driver of route ${route}?`}
          confirmLabel="Remove driver"
          cancelLabel="Cancel"
          busyLabel="Removing…"
          busy={assign.isPending}
          tone="destructive"
          onConfirm={send}
          onCancel={() => setConfirming(false)}
        >
          {removeDriverQuestion(stored, route, date)}
        </ConfirmDialog>
      ) : null}
      {/* A failure is moot once the route has the driver asked for (a lost answer of a change that landed). */}
      {assign.isError && !unchanged ? (
        <Text role="alert" color="font.error" width="100%">
          {errorMessage(assign.error, SAVE_DRIVER_FAILURE)}
        </Text>
      ) : null}
    </Flex>
  );
}
