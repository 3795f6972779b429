import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REFUSAL, connection, openSubscription, resetRealtime } from '../lib/realtime-fake';
import { connectionOf, isRefusal, onConnectionChange, onStockingChanged } from './on-stocking-changed';

vi.mock('aws-amplify/api', async () => (await import('../lib/realtime-fake')).apiModule);
vi.mock('aws-amplify/utils', async (importOriginal) => ({
  ...(await importOriginal<typeof import('aws-amplify/utils')>()),
  Hub: (await import('../lib/realtime-fake')).hub,
}));

describe('onStockingChanged', () => {
  beforeEach(() => resetRealtime());

  it('hands over each change, tells a refusal from another error, and unsubscribes', () => {
    const onChange = vi.fn();
    const onError = vi.fn();
    const stop = onStockingChanged('2026-07-01', { onChange, onError });
    const sub = openSubscription()!;
    const change = {
      dropOffDate: '2026-07-01',
      route: 'R1',
      locationId: 'CHI_0001',
      stockingIndex: 1,
      kind: 'ACTION',
      changedAt: '2026-07-01T16:00:05Z',
    };
    sub.observer.next({ data: { onStockingChanged: change } });
    sub.observer.next({ data: { onStockingChanged: null } });
    expect(onChange.mock.calls).toEqual([[change]]);
    sub.observer.error(REFUSAL);
    expect(onError).toHaveBeenCalledWith(true, REFUSAL);
    stop();
    expect(sub.closed).toBe(true);
  });

  it('knows the server refusing the subscription', () => {
    expect(isRefusal(REFUSAL)).toBe(true);
    expect(isRefusal({ errors: [{ errorType: 'Forbidden', message: 'x' }] })).toBe(true);
    expect(isRefusal(new Error('Error! User Action Prohibited!'))).toBe(false); // an Error's message is not in its JSON
    expect(isRefusal('Error! User Action Prohibited!')).toBe(true);
    expect(isRefusal({ errors: [{ message: 'Connection failed: timeout' }] })).toBe(false);
    expect(isRefusal(undefined)).toBe(false);
  });

  it("reads Amplify's connection states: only Connected is connected, passing states change nothing", () => {
    expect(connectionOf('Connected')).toBe('connected');
    expect(connectionOf('Connecting')).toBeNull();
    expect(connectionOf('ConnectedPendingDisconnect')).toBeNull();
    for (const state of [
      'ConnectionDisrupted',
      'ConnectionDisruptedPendingNetwork',
      'ConnectedPendingNetwork',
      'ConnectedPendingKeepAlive',
      'Disconnected',
    ])
      expect(connectionOf(state)).toBe('lost');
    const listener = vi.fn();
    const stop = onConnectionChange(listener);
    connection('Connecting');
    connection('Connected');
    connection('ConnectionDisrupted');
    stop();
    connection('Connected');
    expect(listener.mock.calls).toEqual([['connected'], ['lost']]);
  });
});
