import { useId, useState } from 'react';
import { Alert, Button, CheckboxField, Flex, Text } from '@aws-amplify/ui-react';
import { useRefusal } from '@/lib/access';
import { errorMessage } from '@/lib/api';
import { useToast } from '@/lib/toast';
import { useRouteSettings } from '../api/route-settings';
import { useSetRouteClaims } from '../api/set-route-claims';
import {
  CLAIMS_LABEL,
  ClaimsRequests,
  LOAD_CLAIMS_FAILURE,
  SAVE_CLAIMS_FAILURE,
  claimsChangedText,
  claimsDone,
} from '../lib/route-claims';

/** The call whose action the setting needs (AssignRoutes, in the server's registry, rules.json). */
export const CLAIMS_CALL = 'setRouteClaims';

/**
 * The office's setting on View Routes (issue 59): whether drivers may claim routes without a driver, who
 * changed it last and when. A user without AssignRoutes sees it disabled, with the reason. A change names the
 * version shown; a refusal (someone else changed it meanwhile) shows the server's words, and the setting is
 * read again.
 */
export function RouteClaimsSetting() {
  const settings = useRouteSettings();
  const change = useSetRouteClaims();
  const toast = useToast();
  // The change asked for, kept across retries of it for the whole visit.
  const [requests] = useState(() => new ClaimsRequests());
  const refusal = useRefusal(CLAIMS_CALL);
  const reasonId = useId();
  const changedId = useId();

  const set = (claimsAllowed: boolean) => {
    if (!settings.data || change.isPending || refusal) return;
    const input = requests.inputFor(claimsAllowed, settings.data.version);
    change.mutate(input, {
      onSuccess: (saved) => {
        requests.settled(input);
        toast.success(claimsDone(saved.claimsAllowed));
      },
      onError: (err) => requests.settled(input, err),
    });
  };

  // While a change is on its way, the box shows what was asked.
  const checked =
    change.isPending && change.variables ? change.variables.claimsAllowed : !!settings.data?.claimsAllowed;
  const changed = settings.data ? claimsChangedText(settings.data) : null;
  const describedBy = [refusal ? reasonId : null, changed ? changedId : null].filter(Boolean).join(' ') || undefined;

  return (
    <Flex
      direction="column"
      gap="0.25rem"
      className="no-print route-claims"
      role="group"
      aria-label="Claims of routes without a driver"
    >
      <CheckboxField
        label={CLAIMS_LABEL}
        name="claims-allowed"
        value="yes"
        checked={checked}
        onChange={(e) => set(e.target.checked)}
        isDisabled={!!refusal || !settings.isSuccess || change.isPending}
        aria-describedby={describedBy}
      />
      {refusal ? (
        <Text id={reasonId} fontSize="small" color="font.secondary" data-refusal="">
          {refusal}
        </Text>
      ) : null}
      {changed ? (
        <Text id={changedId} fontSize="small" color="font.secondary">
          {changed}
        </Text>
      ) : null}
      {settings.isPending ? (
        <Text fontSize="small" color="font.secondary">
          Loading the setting…
        </Text>
      ) : null}
      {settings.isError ? (
        <Alert variation="error" role="alert">
          {errorMessage(settings.error, LOAD_CLAIMS_FAILURE)}{' '}
          <Button size="small" onClick={() => void settings.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {change.isError ? (
        <Alert variation="error" role="alert">
          {errorMessage(change.error, SAVE_CLAIMS_FAILURE)}
        </Alert>
      ) : null}
    </Flex>
  );
}
