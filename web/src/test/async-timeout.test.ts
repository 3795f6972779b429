import { expect, it, vi } from 'vitest';

// setup.ts gives vi.waitFor the same 5 s as Testing Library's queries (its own default is 1 s).
it('vi.waitFor keeps trying past a second', async () => {
  const start = Date.now();
  await vi.waitFor(() => expect(Date.now() - start).toBeGreaterThan(1500));
});
