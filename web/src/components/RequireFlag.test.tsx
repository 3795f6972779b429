import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ALL_ACTIONS, newTestQueryClient } from '@/test/utils';
import { getMyAccess } from '@/lib/access/get-my-access';
import { RequireFlag } from './RequireFlag';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);
const flagsMock = {
  mockResolvedValue: (flags: string[]) => accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags }),
  mockRejectedValue: (e: unknown) => accessMock.mockRejectedValue(e),
};

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={newTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/home" element={<p>Home page</p>} />
          <Route
            path="/jit-management"
            element={
              <RequireFlag flag="jit-management">
                <p>JIT screen</p>
              </RequireFlag>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RequireFlag', () => {
  it('redirects to /home without the flag', async () => {
    flagsMock.mockResolvedValue(['drop-override']);
    renderAt('/jit-management');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.queryByText('JIT screen')).toBeNull();
  });

  it('redirects to /home when the flags cannot be loaded', async () => {
    flagsMock.mockRejectedValue(new Error('offline'));
    renderAt('/jit-management');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('renders the screen with the flag', async () => {
    flagsMock.mockResolvedValue(['jit-management']);
    renderAt('/jit-management');
    expect(await screen.findByText('JIT screen')).toBeInTheDocument();
  });

  it('renders nothing while loading', () => {
    accessMock.mockReturnValue(new Promise(() => {}));
    const { container } = renderAt('/jit-management');
    expect(container).toBeEmptyDOMElement();
  });
});
