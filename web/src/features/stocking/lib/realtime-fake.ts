/**
 * Tests only: a stand-in for aws-amplify/api's subscriptions and Amplify's Hub ('api' channel), so a test sends
 * changes, errors and connection states by hand:
 *
 *   vi.mock('aws-amplify/api', async () => (await import('../lib/realtime-fake')).apiModule);
 *   vi.mock('aws-amplify/utils', async (orig) => ({ ...(await orig()), Hub: (await import('../lib/realtime-fake')).hub }));
 */
import type { StockingChange } from '../api/on-stocking-changed';

interface Observer {
  next: (message: { data: unknown }) => void;
  error: (error: unknown) => void;
}

export interface FakeSubscription {
  query: string;
  variables: Record<string, unknown>;
  headers: unknown;
  observer: Observer;
  closed: boolean;
}

/** Every subscription made, newest last. */
export const subscriptions: FakeSubscription[] = [];
type Listener = (capsule: { payload: { event: string; data?: unknown } }) => void;
const listeners = new Map<string, Set<Listener>>();

export const CONNECTION_STATE_CHANGE = 'ConnectionStateChange';
export const ConnectionState = {
  Connected: 'Connected',
  ConnectedPendingNetwork: 'ConnectedPendingNetwork',
  ConnectionDisrupted: 'ConnectionDisrupted',
  ConnectionDisruptedPendingNetwork: 'ConnectionDisruptedPendingNetwork',
  Connecting: 'Connecting',
  ConnectedPendingDisconnect: 'ConnectedPendingDisconnect',
  Disconnected: 'Disconnected',
  ConnectedPendingKeepAlive: 'ConnectedPendingKeepAlive',
} as const;

export const apiModule = {
  CONNECTION_STATE_CHANGE,
  ConnectionState,
  generateClient: () => ({
    graphql: (options: { query: string; variables: Record<string, unknown> }, headers?: unknown) => ({
      subscribe: (observer: Observer) => {
        const sub: FakeSubscription = {
          ...options,
          headers,
          // An error ends an observable, as rxjs's does.
          observer: {
            next: observer.next,
            error: (e) => {
              sub.closed = true;
              observer.error(e);
            },
          },
          closed: false,
        };
        subscriptions.push(sub);
        return { unsubscribe: () => void (sub.closed = true) };
      },
    }),
  }),
};

export const hub = {
  listen: (channel: string, listener: Listener) => {
    const set = listeners.get(channel) ?? new Set();
    set.add(listener);
    listeners.set(channel, set);
    return () => void set.delete(listener);
  },
  dispatch: (channel: string, payload: { event: string; data?: unknown }) =>
    listeners.get(channel)?.forEach((l) => l({ payload })),
};

/** The open subscription (the last one made, if not closed). */
export function openSubscription(): FakeSubscription | undefined {
  const last = subscriptions.at(-1);
  return last && !last.closed ? last : undefined;
}

/** A change arriving on the open subscription. */
export function emit(change: Partial<StockingChange> & Pick<StockingChange, 'changedAt'>): void {
  const sub = openSubscription();
  if (!sub) throw new Error('no open subscription');
  sub.observer.next({
    data: {
      onStockingChanged: {
        dropOffDate: String(sub.variables.dropOffDate),
        route: null,
        locationId: null,
        stockingIndex: null,
        kind: 'ACTION',
        ...change,
      },
    },
  });
}

/** The connection's state, as Amplify's realtime provider reports it on the Hub. */
export function connection(state: keyof typeof ConnectionState): void {
  hub.dispatch('api', { event: CONNECTION_STATE_CHANGE, data: { connectionState: ConnectionState[state] } });
}

/** The error Amplify gives a subscription the server refused (errorType Forbidden). */
export const REFUSAL = {
  errors: [
    {
      message: 'Connection failed: {"errors":[{"errorType":"Forbidden","message":"Error! User Action Prohibited!"}]}',
    },
  ],
};

/** Forgets every subscription and listener (each test starts clean). */
export function resetRealtime(): void {
  subscriptions.length = 0;
  listeners.clear();
}
