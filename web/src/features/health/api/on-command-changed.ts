import { generateClient, type GraphQLSubscription } from 'aws-amplify/api';
import { gql } from '@/generated/gql';
import type { OnCommandChangedSubscription } from '@/generated/gql/graphql';
import { idToken } from '@/lib/api';

// Only the health page's lazily loaded code imports this file: aws-amplify/api stays out of the sign-in page.
const ON_COMMAND_CHANGED = gql(`subscription OnCommandChanged($locationId: ID!) {
  onCommandChanged(locationId: $locationId) { locationId messageId state changedAt }
}`);

/** One change of a fridge command's state (issue 61): the page reads its commands again. */
export type CommandChange = NonNullable<OnCommandChangedSubscription['onCommandChanged']>;

/**
 * Subscribes to the state changes of one fridge's commands (needs GetFridgeHealth, as reading them does), with the
 * ID token of each (re)start. `onError` gets any failure: the page then keeps its own polling. Returns the unsubscribe.
 */
export function onCommandChanged(
  locationId: string,
  onChange: (change: CommandChange) => void,
  onError: (error: unknown) => void,
): () => void {
  const subscription = generateClient()
    .graphql<GraphQLSubscription<OnCommandChangedSubscription>>(
      { query: ON_COMMAND_CHANGED.toString(), variables: { locationId } },
      async () => ({ Authorization: await idToken() }),
    )
    .subscribe({
      next: ({ data }) => {
        if (data?.onCommandChanged) onChange(data.onCommandChanged);
      },
      error: onError,
    });
  return () => subscription.unsubscribe();
}
