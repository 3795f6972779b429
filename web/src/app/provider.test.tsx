import { render, waitFor } from '@testing-library/react';
import { Hub } from 'aws-amplify/utils';
import { describe, expect, it } from 'vitest';
import { writePref, readPref } from '@/lib/browser-storage';
import { newTestQueryClient } from '@/test/utils';
import { AppProvider } from './provider';

describe('AppProvider', () => {
  it('clears cached answers from memory and browser storage at sign-out, keeping per-user preferences', async () => {
    const client = newTestQueryClient();
    client.setQueryData(['locations'], ['L1']);
    localStorage.setItem('fleet-console.locations.v1', '{"locations":[{"id":"L1"}],"timestamp":1}');
    writePref('sub-1', 'dashboardFilters', ['CHI']);
    render(
      <AppProvider queryClient={client}>
        <p>app</p>
      </AppProvider>,
    );
    Hub.dispatch('auth', { event: 'signedOut' });
    await waitFor(() => expect(localStorage.getItem('fleet-console.locations.v1')).toBeNull());
    expect(client.getQueryData(['locations'])).toBeUndefined();
    expect(readPref('sub-1', 'dashboardFilters', null)).toEqual(['CHI']);
  });

  it("wraps the app in the theme's name and injects no theme CSS of its own (src/theme.css holds it, issue 63)", () => {
    const { getByText } = render(
      <AppProvider queryClient={newTestQueryClient()}>
        <p>app</p>
      </AppProvider>,
    );
    expect(getByText('app').closest('[data-amplify-theme="fleet-console"]')).not.toBeNull();
    expect(document.querySelectorAll('style').length).toBe(0);
  });
});
