import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandChange } from '../api/on-command-changed';

const subscriptions: { locationId: string; onChange: (c: CommandChange) => void; stopped: boolean }[] = [];
vi.mock('../api/on-command-changed', () => ({
  onCommandChanged: (locationId: string, onChange: (c: CommandChange) => void) => {
    const s = { locationId, onChange, stopped: false };
    subscriptions.push(s);
    return () => {
      s.stopped = true;
    };
  },
}));

const { useCommandChanges } = await import('./use-command-changes');

const change: CommandChange = {
  locationId: 'LOC-1',
  messageId: 'm1',
  state: 'DONE',
  changedAt: '2026-11-28T10:00:00Z',
};

describe('useCommandChanges', () => {
  afterEach(() => {
    subscriptions.length = 0;
  });

  it("subscribes to the fridge's commands, passes each change on, and stops on unmount", () => {
    const onChange = vi.fn();
    const { unmount } = renderHook(() => useCommandChanges('LOC-1', onChange));
    expect(subscriptions.map((s) => s.locationId)).toEqual(['LOC-1']);
    subscriptions[0].onChange(change);
    expect(onChange).toHaveBeenCalledWith(change);
    unmount();
    expect(subscriptions[0].stopped).toBe(true);
  });

  it('subscribes again for another fridge, and stops the first', () => {
    const onChange = vi.fn();
    const { rerender } = renderHook(({ id }) => useCommandChanges(id, onChange), { initialProps: { id: 'LOC-1' } });
    rerender({ id: 'LOC-2' });
    expect(subscriptions.map((s) => [s.locationId, s.stopped])).toEqual([
      ['LOC-1', true],
      ['LOC-2', false],
    ]);
  });
});
