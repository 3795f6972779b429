import { CONNECTION_STATE_CHANGE, ConnectionState, generateClient, type GraphQLSubscription } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import { gql } from '@/generated/gql';
import type { OnStockingChangedSubscription } from '@/generated/gql/graphql';
import { PROHIBITED_MESSAGE, idToken } from '@/lib/api';

// Only the dashboard's lazily loaded code imports this file: aws-amplify/api stays out of the sign-in page's
// JavaScript (its 150 kB budget, scripts/bench/web-bundle.mjs).
const ON_STOCKING_CHANGED = gql(`subscription OnStockingChanged($dropOffDate: String!) {
  onStockingChanged(dropOffDate: $dropOffDate) {
    dropOffDate route locationId stockingIndex kind changedAt
  }
}`);

/** One change of a drop-off date (issue 61): what the dashboard reads again. */
export type StockingChange = NonNullable<OnStockingChangedSubscription['onStockingChanged']>;

export interface ChangeHandlers {
  onChange: (change: StockingChange) => void;
  /** The subscription ended with an error; `refused` when the server refused it (a driver, a restricted user). */
  onError: (refused: boolean, error: unknown) => void;
}

/**
 * Subscribes to the changes of a drop-off date (needs the whole day: the server refuses drivers and restricted
 * users). Sent with the ID token, as every other call is (docs/api-contract.md), asked again at each (re)start so a
 * reconnection an hour later does not send an expired one. Returns the unsubscribe.
 */
export function onStockingChanged(dropOffDate: string, { onChange, onError }: ChangeHandlers): () => void {
  const subscription = generateClient()
    .graphql<GraphQLSubscription<OnStockingChangedSubscription>>(
      { query: ON_STOCKING_CHANGED.toString(), variables: { dropOffDate } },
      async () => ({ Authorization: await idToken() }),
    )
    .subscribe({
      next: ({ data }) => {
        if (data?.onStockingChanged) onChange(data.onStockingChanged);
      },
      error: (error: unknown) => onError(isRefusal(error), error),
    });
  return () => subscription.unsubscribe();
}

/**
 * Whether a subscription's error is the server's refusal (errorType Forbidden, 'Error! User Action Prohibited!'),
 * which no retry changes. Amplify wraps the server's errors into a message's text ('Connection failed: {...}').
 */
export function isRefusal(error: unknown): boolean {
  let text: string;
  try {
    text = (typeof error === 'string' ? error : JSON.stringify(error)) ?? '';
  } catch {
    return false;
  }
  return /\bForbidden\b/.test(text) || text.includes(PROHIBITED_MESSAGE);
}

/** The subscription's connection as the dashboard needs it; null for a passing state that changes nothing. */
export type Connection = 'connected' | 'lost' | null;

/** Amplify's connection states in the dashboard's terms: only Connected delivers every change. */
export function connectionOf(state: string): Connection {
  switch (state) {
    case ConnectionState.Connected:
      return 'connected';
    case ConnectionState.Connecting:
    case ConnectionState.ConnectedPendingDisconnect:
      return null;
    default:
      // Disrupted, waiting for the network or a keep-alive, disconnected: changes may be missed.
      return 'lost';
  }
}

/** Calls `listener` with each change of the realtime connection (Amplify's Hub, 'api' channel). */
export function onConnectionChange(listener: (connection: Exclude<Connection, null>) => void): () => void {
  return Hub.listen('api', ({ payload }) => {
    if (payload.event !== CONNECTION_STATE_CHANGE) return;
    const state = (payload.data as { connectionState?: string } | undefined)?.connectionState;
    const connection = state ? connectionOf(state) : null;
    if (connection) listener(connection);
  });
}
