import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { getMyAccess } from './get-my-access';
import { preloadIfAllowed } from './preload-if-allowed';

vi.mock('./get-my-access', () => ({ getMyAccess: vi.fn() }));

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preloadIfAllowed', () => {
  it('preloads once the access allows it, and reads the access once for several preloads', async () => {
    vi.mocked(getMyAccess)
      .mockReset()
      .mockResolvedValue({ actions: ['GetAllLocation'], flags: [] });
    const client = new QueryClient();
    const [allowed, refused] = [vi.fn(), vi.fn()];
    preloadIfAllowed(client, (actions) => actions.includes('GetAllLocation'), allowed);
    preloadIfAllowed(client, (actions) => actions.includes('UpdateLocation'), refused);
    await settled();
    expect(allowed).toHaveBeenCalledOnce();
    expect(refused).not.toHaveBeenCalled();
    expect(getMyAccess).toHaveBeenCalledOnce();
  });

  it('starts nothing, and rejects nothing, when the access cannot be read', async () => {
    vi.mocked(getMyAccess).mockReset().mockRejectedValue(new Error('offline'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const preload = vi.fn();
    preloadIfAllowed(client, () => true, preload);
    await settled();
    expect(preload).not.toHaveBeenCalled();
  });
});
